import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PAPER_WRITE_DEPTH_MAX, PAPER_WRITE_TITLE_MAX, PAPER_WRITE_TOPIC_MAX } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { listen, stream } from '../../test/sse-client.js';
import { completeDoc, memberUser } from '../../test/doc-fixture.js';
import { docxParagraphs, frameOf, frames, importPapers, newProject, paperIds, withSources, zipText } from '../../test/paper-write-fixture.js';

/** Paper writing on the embedded default with no model: projects, sources, the outline editor, extracts, edits, exports, and each refusal. */
describe('paper writing (offline)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    base = await listen(t.app);
    admin = (await makeUser(t.app, { role: 'admin' })).token;
    await importPapers(t);
    ids = await paperIds(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const exportOf = async (token: string, id: number, format: string, style?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/paper/write/export?id=${id}&format=${format}${style ? `&style=${style}` : ''}`, headers: { token } });
    return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
  };

  it('refuses an empty topic, too-long fields and a bad target, naming the field', async () => {
    const u = await makeUser(t.app);
    const create = (body: Record<string, unknown>) => callApi(t.app, api.paperWriteCreate, { token: u.token, locale: 'en', body: { title: 'T', topic: 'x', ...body } });
    const cases: [Record<string, unknown>, string][] = [
      [{ topic: '   ' }, 'Enter the topic of the paper'],
      [{ title: '' }, 'Enter a title for the paper'],
      [{ title: 'a'.repeat(PAPER_WRITE_TITLE_MAX + 1) }, 'The title may hold at most 200 characters'],
      [{ topic: '题'.repeat(PAPER_WRITE_TOPIC_MAX + 1) }, 'The topic may hold at most 2,000 characters'],
      [{ discipline: 'd'.repeat(101) }, 'The discipline may hold at most 100 characters'],
      [{ target_length: 10 }, 'The target length must be between 300 and 200,000 words'],
    ];
    for (const [body, msg] of cases) {
      const res = await create(body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await callApi(t.app, api.paperWriteList, { token: u.token })).body.data.count).toBe(0);
  });

  it("starts a project with its kind's outline in its language, lists and updates it", async () => {
    const u = await makeUser(t.app);
    const en = await newProject(t, u.token);
    expect(en.outline.map((s) => s.heading)).toEqual(['Introduction', 'Related work', 'Method', 'Results', 'Discussion', 'Conclusion']);
    expect(en.drafts.map((d) => [d.number, d.status])).toEqual([['1', 'empty'], ['2', 'empty'], ['3', 'empty'], ['4', 'empty'], ['5', 'empty'], ['6', 'empty']]);
    const zh = await newProject(t, u.token, { title: '综述', kind: 'review', language: 'zh' });
    expect(zh.outline.map((s) => s.heading)).toEqual(['引言', '文献检索与筛选', '研究主题综述', '研究空白与未来方向', '结论']);
    expect(zh.drafts.map((d) => d.number)).toContain('3.2');
    const list = await callApi(t.app, api.paperWriteList, { token: u.token, query: { keyword: '综述' } });
    expect(list.body.data.lists.map((p) => p.id)).toEqual([zh.id]);
    const updated = await callApi(t.app, api.paperWriteUpdate, { token: u.token, body: { id: en.id, style: 'apa', target_length: 6000 } });
    expect(updated.body.data).toMatchObject({ style: 'apa', target_length: 6000, title: 'Graph neural networks for molecules' });
    const options = await callApi(t.app, api.paperWriteOptions, { token: u.token });
    expect(options.body.data).toMatchObject({ is_open: true, model: false, member: false });
    const defaults = await callApi(t.app, api.paperWriteOutlineDefault, { token: u.token, query: { id: String(zh.id) } });
    expect(defaults.body.data.outline[2]!.children.map((c) => c.heading)).toEqual(['主要研究方向', '方法比较']);
  });

  it("answers 404 for another user's project on every endpoint, and leaves it alone", async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const p = await newProject(t, owner.token);
    const key = p.outline[0]!.key;
    const calls = [
      callApi(t.app, api.paperWriteDetail, { token: other.token, locale: 'en', query: { id: String(p.id) } }),
      callApi(t.app, api.paperWriteUpdate, { token: other.token, locale: 'en', body: { id: p.id, title: 'Mine' } }),
      callApi(t.app, api.paperWriteSuggest, { token: other.token, locale: 'en', query: { id: String(p.id) } }),
      callApi(t.app, api.paperWriteSourceAdd, { token: other.token, locale: 'en', body: { id: p.id, paper_id: ids[0] } }),
      callApi(t.app, api.paperWriteSourceMove, { token: other.token, locale: 'en', body: { id: p.id, order: [1] } }),
      callApi(t.app, api.paperWriteOutlineDefault, { token: other.token, locale: 'en', query: { id: String(p.id) } }),
      callApi(t.app, api.paperWriteOutlineSave, { token: other.token, locale: 'en', body: { id: p.id, revision: 1, outline: [{ heading: 'x', children: [] }] } }),
      callApi(t.app, api.paperWriteSectionSave, { token: other.token, locale: 'en', body: { id: p.id, section: key, revision: 0, text: 'taken' } }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body.msg]).toEqual([404, 'That writing project was not found']);
    const draft = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: other.token, locale: 'en' });
    expect(draft.status).toBe(404);
    expect((await exportOf(other.token, p.id, 'docx')).status).toBe(404);
    // Deleting someone else's project is a no-op, as deleting one already gone.
    expect((await callApi(t.app, api.paperWriteDelete, { token: other.token, body: { id: p.id } })).status).toBe(200);
    expect((await callApi(t.app, api.paperWriteDetail, { token: owner.token, query: { id: String(p.id) } })).body.data.title).toBe('Graph neural networks for molecules');
  });

  it('proposes papers for the topic, keeps, reorders and removes them, and renumbers the citations in the text', async () => {
    const u = await makeUser(t.app);
    const p = await newProject(t, u.token);
    const suggest = await callApi(t.app, api.paperWriteSuggest, { token: u.token, query: { id: String(p.id) } });
    expect(suggest.body.data.query).toBe('graph neural networks for molecular property prediction');
    expect(suggest.body.data.lists[0]!.title).toBe('Graph neural networks for molecular property prediction');
    expect(suggest.body.data.lists.every((i) => !i.kept)).toBe(true);
    await withSources(t, u.token, p.id, ids.slice(0, 4));
    const again = await callApi(t.app, api.paperWriteSourceAdd, { token: u.token, body: { id: p.id, paper_id: ids[0] } });
    expect(again.body.data.map((s) => s.n)).toEqual([1, 2, 3, 4]);
    expect(again.body.data[0]!.citation).toBe('GILMER J, SCHOENHOLZ S. Graph neural networks for molecular property prediction[J]. International Conference on Machine Learning, 2017.');
    const kept = await callApi(t.app, api.paperWriteSuggest, { token: u.token, query: { id: String(p.id), keyword: 'message passing quantum chemistry' } });
    expect(kept.body.data.lists.find((i) => i.id === ids[1])?.kept).toBe(true);

    const key = p.outline[0]!.key;
    const saved = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: 0, text: 'GNNs [1] and message passing [2] and attention [3, 4].' } });
    expect(saved.body.data).toMatchObject({ status: 'done', revision: 1, by_model: false });
    const sources = again.body.data;
    // Move item 4 first: [4] becomes [1], the others move down.
    const moved = await callApi(t.app, api.paperWriteSourceMove, { token: u.token, body: { id: p.id, order: [sources[3]!.id, sources[0]!.id, sources[1]!.id, sources[2]!.id] } });
    expect(moved.body.data.map((s) => s.title.slice(0, 12))).toEqual(['Pretraining ', 'Graph neural', 'Message pass', 'Attention-ba']);
    let detail = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(detail.drafts[0]).toMatchObject({ text: 'GNNs [2] and message passing [3] and attention [1, 4].', revision: 2 });
    // Remove "Message passing" ([3]): its citation goes, [4] becomes [3], and the section says what went.
    await callApi(t.app, api.paperWriteSourceRemove, { token: u.token, locale: 'en', body: { id: p.id, source_id: sources[1]!.id } });
    detail = (await callApi(t.app, api.paperWriteDetail, { token: u.token, locale: 'en', query: { id: String(p.id) } })).body.data;
    expect(detail.bibliography.map((s) => s.n)).toEqual([1, 2, 3]);
    expect(detail.drafts[0]).toMatchObject({ text: 'GNNs [2] and message passing and attention [1, 3].', invalid_citations: [3], notice: 'paper_write_citations_removed', revision: 3 });
    expect(detail.drafts[0]!.notice_msg).toBe('Citations that point to nothing in the bibliography were taken out: [3]');
    expect(detail.bibliography.map((s) => s.cited)).toEqual([1, 1, 1]);
    const badOrder = await callApi(t.app, api.paperWriteSourceMove, { token: u.token, body: { id: p.id, order: [sources[0]!.id] } });
    expect(badOrder.status).toBe(400);
  });

  it('refuses a citation of nothing in an edit, a stale revision, and bad outlines', async () => {
    const u = await makeUser(t.app);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids);
    const key = p.outline[1]!.key;
    const bad = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, locale: 'en', body: { id: p.id, section: key, revision: 0, text: 'As shown in [42] and [3].' } });
    expect([bad.status, bad.body.msg]).toEqual([400, 'Citation [42] points to nothing in the bibliography (10 items); fix it before saving']);
    const ok = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: 0, text: 'As shown in [10] and [3].' } });
    expect(ok.body.data.words).toBe(4);
    const stale = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, locale: 'en', body: { id: p.id, section: key, revision: 0, text: 'older tab' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ msg: 'This was changed in another tab or device. Reload to see the newer version', data: { revision: 1 } });
    const tooLong = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: 1, text: 'x'.repeat(60_001) } });
    expect(tooLong.status).toBe(400);
    const missing = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: 'nosuchkey', revision: 0, text: 'x' } });
    expect(missing.status).toBe(404);

    const outline = p.outline.map((s) => ({ key: s.key, heading: s.heading, brief: s.brief, children: [] as { heading: string; children: never[] }[] }));
    // Drop "Related work" (with its text), add a subsection to Method.
    const next = [outline[0]!, { ...outline[2]!, children: [{ heading: 'Datasets', children: [] }] }, ...outline.slice(3)];
    const saved = await callApi(t.app, api.paperWriteOutlineSave, { token: u.token, body: { id: p.id, revision: 1, outline: next } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.revision).toBe(2);
    expect(saved.body.data.drafts.map((d) => d.number + ' ' + d.heading)).toEqual(['1 Introduction', '2 Method', '2.1 Datasets', '3 Results', '4 Discussion', '5 Conclusion']);
    expect(saved.body.data.outline[1]!.children[0]!.key).toMatch(/^[A-Za-z0-9_-]+$/);
    const again = await callApi(t.app, api.paperWriteOutlineSave, { token: u.token, locale: 'en', body: { id: p.id, revision: 1, outline: next } });
    expect([again.status, again.body.data]).toEqual([409, { revision: 2, updated_at: saved.body.data.updated_at }]);
    const forged = await callApi(t.app, api.paperWriteOutlineSave, { token: u.token, body: { id: p.id, revision: 2, outline: [{ key: 'notmine', heading: 'x', children: [] }] } });
    expect(forged.status).toBe(400);
    let deep: { heading: string; children: unknown[] } = { heading: 'leaf', children: [] };
    for (let i = 0; i < PAPER_WRITE_DEPTH_MAX; i += 1) deep = { heading: `level ${i}`, children: [deep] };
    const tooDeep = await callApi(t.app, api.paperWriteOutlineSave, { token: u.token, locale: 'en', body: { id: p.id, revision: 2, outline: [deep] } });
    expect([tooDeep.status, tooDeep.body.msg]).toEqual([400, 'The outline is nested too deeply (at most 3 levels)']);
    const empty = await callApi(t.app, api.paperWriteOutlineSave, { token: u.token, body: { id: p.id, revision: 2, outline: [] } });
    expect(empty.status).toBe(400);
  });

  it('fills a section with cited extracts of the bibliography, labelled as such, and refuses with no sources', async () => {
    const u = await makeUser(t.app);
    const p = await newProject(t, u.token);
    const key = p.outline.find((s) => s.heading === 'Method')!.key;
    const none = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect([none.status, none.json?.msg]).toEqual([400, 'Add sources in step 1 first: a section may cite only the bibliography']);
    await withSources(t, u.token, p.id, ids.slice(0, 5));
    const res = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect(frames(res).map((e) => e.type)).toEqual(['start', 'section', 'end']);
    expect(frameOf(res, 'start')).toMatchObject({ by_model: false, task: 'draft', section: key });
    const section = frameOf(res, 'section').section;
    expect(section).toMatchObject({ status: 'extract', by_model: false, notice: 'paper_write_extract_notice' });
    expect(section.notice_msg).toContain('with an AI model the section would be written as prose');
    const quotes = section.text.split('\n\n');
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    for (const q of quotes) expect(q).toMatch(/^> .+ \[[1-5]\]$/);
    // The benchmark split passage ("Scaffold splits…") is about evaluation method: it ranks among the Method extracts.
    expect(section.text).toContain('MoleculeNet collects datasets');
    const detail = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(detail.written).toBe(1);
    expect(detail.words).toBe(section.words);
  });

  it('keeps citing a document of the library after it was deleted, and exports it', async () => {
    const u = await memberUser(t.app, admin, ['literature']);
    const doc = await completeDoc(t, u.token, 'field-notes.md', Buffer.from('# Field notes on molecular screening\n\nWe screened two hundred molecules with a graph neural network and confirmed twelve hits in the laboratory. The model ranked toxic compounds last.\n'));
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids.slice(0, 2));
    const added = await callApi(t.app, api.paperWriteSourceAdd, { token: u.token, body: { id: p.id, doc_id: doc.id } });
    expect(added.body.data[2]).toMatchObject({ n: 3, kind: 'doc', title: 'field-notes', available: true });
    await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: p.outline[3]!.key, revision: 0, text: 'Twelve hits were confirmed [3].' } });
    expect((await callApi(t.app, api.docDelete, { token: u.token, body: { id: doc.id } })).status).toBe(200);

    const detail = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(detail.bibliography[2]).toMatchObject({ available: false, title: 'field-notes', cited: 1 });
    expect(detail.bibliography[2]!.citation).toMatch(/^field-notes\[R\]\. \d{4}\.$/);
    expect(detail.bibliography[2]!.abstract).toContain('confirmed twelve hits');
    // Extracts still draw on what the snapshot kept of it.
    const res = await stream(base, '/paper/write/section/draft', { id: p.id, section: p.outline[3]!.key, mode: 'extract' }, { token: u.token, locale: 'en' });
    expect(frameOf(res, 'section').section.text).toMatch(/confirmed twelve hits in the laboratory\. .*\[3\]/);
    const docx = await exportOf(u.token, p.id, 'docx');
    expect(docx.status).toBe(200);
    const xml = zipText(docx.body)['word/document.xml']!;
    expect(docxParagraphs(xml).some((para) => para.text.startsWith('[3] field-notes[R].'))).toBe(true);
  });

  it('exports DOCX with headings, CJK fonts, numbered citations and the reference list; Markdown; LaTeX with BibTeX', async () => {
    const u = await makeUser(t.app);
    const p = await newProject(t, u.token, { title: '分子性质预测中的图神经网络', language: 'zh' });
    await withSources(t, u.token, p.id, ids.slice(0, 3));
    await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: p.outline[0]!.key, revision: 0, text: '图神经网络直接从分子图学习表示[1]。消息传递统一了多种模型[2, 3]。\n\n> 引用的一段话 [1]' } });
    const docx = await exportOf(u.token, p.id, 'docx');
    expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(String(docx.headers['content-disposition'])).toContain(encodeURIComponent('分子性质预测中的图神经网络.docx'));
    const files = zipText(docx.body);
    const paragraphs = docxParagraphs(files['word/document.xml']!);
    expect(paragraphs.filter((x) => x.style === 'Heading1').map((x) => x.text)).toEqual(['1 引言', '2 相关工作', '3 方法', '4 结果', '5 讨论', '6 结论', '参考文献']);
    expect(paragraphs.find((x) => x.style === 'Title')?.text).toBe('分子性质预测中的图神经网络');
    expect(paragraphs.some((x) => x.text === '图神经网络直接从分子图学习表示[1]。消息传递统一了多种模型[2, 3]。')).toBe(true);
    expect(files['word/document.xml']).toContain('<w:vertAlign w:val="superscript"/>');
    const refs = paragraphs.filter((x) => /^\[\d\] /.test(x.text)).map((x) => x.text);
    expect(refs).toEqual([
      '[1] GILMER J, SCHOENHOLZ S. Graph neural networks for molecular property prediction[J]. International Conference on Machine Learning, 2017.',
      '[2] GILMER J, DAHL G, VINYALS O. Message passing neural networks for quantum chemistry[J]. Journal of Chemical Physics, 2017.',
      '[3] VELICKOVIC P, BENGIO Y. Attention-based graph networks for drug discovery[J]. Journal of Medicinal Chemistry, 2018.',
    ]);
    expect(files['word/styles.xml']).toContain('w:eastAsia="SimSun"');
    expect(files['word/styles.xml']).toContain('w:eastAsia="SimHei"');

    const apa = zipText((await exportOf(u.token, p.id, 'docx', 'apa')).body)['word/document.xml']!;
    const apaText = docxParagraphs(apa).map((x) => x.text);
    expect(apaText).toContain('图神经网络直接从分子图学习表示(Gilmer & Schoenholz, 2017)。消息传递统一了多种模型(Gilmer et al., 2017; Velickovic & Bengio, 2018)。');
    expect(apaText.some((x) => x.startsWith('Gilmer, J., Dahl, G., & Vinyals, O. (2017). Message passing neural networks for quantum chemistry.'))).toBe(true);

    const md = (await exportOf(u.token, p.id, 'md')).body.toString('utf8');
    expect(md).toMatch(/^# 分子性质预测中的图神经网络\n\n## 1 引言\n\n图神经网络直接从分子图学习表示\[1\]/);
    expect(md).toContain('## 参考文献\n\n[1] GILMER J, SCHOENHOLZ S.');

    const latex = zipText((await exportOf(u.token, p.id, 'latex')).body);
    expect(Object.keys(latex).sort()).toEqual(['main.tex', 'references.bib']);
    expect(latex['main.tex']).toContain('\\documentclass[UTF8]{ctexart}');
    expect(latex['main.tex']).toContain('\\section{引言}');
    expect(latex['main.tex']).toContain('图神经网络直接从分子图学习表示\\cite{ref1}。消息传递统一了多种模型\\cite{ref2,ref3}。');
    expect(latex['main.tex']).toContain('\\bibliographystyle{gbt7714-numerical}');
    expect(latex['references.bib']).toMatch(/@\w+\{ref1,\n\s+title = \{Graph neural networks for molecular property prediction\}/);
    expect(latex['references.bib']).toContain('{ref3,');
  });

  it('is closed by the admin, whose settings only an admin reads', async () => {
    const u = await makeUser(t.app);
    expect((await callApi(t.app, api.adminPaperWriteConfig, { token: u.token })).status).toBe(403);
    const set = await callApi(t.app, api.adminSetPaperWriteConfig, { token: admin, body: { is_open: false, price: 20 } });
    expect(set.body.data).toEqual({ is_open: false, price: 20 });
    try {
      const refused = await callApi(t.app, api.paperWriteCreate, { token: u.token, locale: 'en', body: { title: 'x', topic: 'y' } });
      expect([refused.status, refused.body.msg]).toEqual([403, 'Paper writing is not available on this site']);
    } finally {
      await callApi(t.app, api.adminSetPaperWriteConfig, { token: admin, body: { is_open: true, price: 0 } });
    }
  });
});
