import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, mindmapStreamEventSchema, type MindmapNode, type MindmapStreamEvent } from '@xueba/contract';
import { callApi, createTestApp, makeUser, switchOffTasks, type TestApp } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { listen, stream, textOf, type StreamResult } from '../../test/sse-client.js';
import { completeDoc, memberUser } from '../../test/doc-fixture.js';

/** Maps a model writes (topic, summarised document and paper), metered like chat answers, and maps of chat answers, documents and papers. */
describe('mind maps from a model and from the user\'s sources', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_MODELS: 'writer', JOBS_POLL_MS: '0', PUBLIC_URL: 'https://app.example.org' });
    await switchOffTasks(t);
    base = await listen(t.app);
    admin = (await makeUser(t.app, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const events = (res: StreamResult): MindmapStreamEvent[] => res.events.map((e) => mindmapStreamEventSchema.parse(e));
  const mapOf = (res: StreamResult) => {
    const map = events(res).find((e) => e.type === 'map');
    if (!map || map.type !== 'map') throw new Error(`no map frame in ${res.text}`);
    return map;
  };
  const topics = (node: MindmapNode): string[] => node.children.map((c) => c.topic);

  it('streams a topic\'s outline as it arrives, then the parsed map, stored and free within the day\'s allowance', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['# CRISPR\n', '- Mechanism\n  - Cas9 cuts', ' DNA\n', '- Uses\n  - Medicine\n'] });
    const res = await stream(base, '/mindmap/create', { source: 'topic', topic: 'CRISPR gene editing' }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(200);
    const all = events(res);
    expect(all.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'delta', 'delta', 'map', 'end']);
    expect(all[0]).toMatchObject({ type: 'start', source: 'topic', streaming: true, model: 'env:writer', title: 'CRISPR gene editing' });
    expect(textOf(res.events)).toBe('# CRISPR\n- Mechanism\n  - Cas9 cuts DNA\n- Uses\n  - Medicine\n');
    const map = mapOf(res);
    expect(map).toMatchObject({ revision: 1, notice: null, structural: false });
    expect(map.tree).toEqual({ topic: 'CRISPR', children: [{ topic: 'Mechanism', children: [{ topic: 'Cas9 cuts DNA', children: [] }] }, { topic: 'Uses', children: [{ topic: 'Medicine', children: [] }] }] });
    expect(all.at(-1)).toMatchObject({ type: 'end', status: 'done', charged: null });
    const request = fake.requests.at(-1)!;
    expect(request.messages[0]!.content).toContain('Markdown outline');
    expect(request.messages.at(-1)!.content).toBe('CRISPR gene editing');
    const detail = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(map.id) } });
    expect(detail.body.data).toMatchObject({ status: 'done', revision: 1, nodes: 5, source: 'topic' });
    const options = await callApi(t.app, api.mindmapOptions, { token: u.token });
    expect(options.body.data).toMatchObject({ model: true, used_today: 1, free_per_day: 5 });
  });

  it('keeps what parsed of an answer that is not an outline, and says so', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['I am sorry, I cannot draw maps. ', 'Photosynthesis turns light into sugar.'] });
    const prose = await stream(base, '/mindmap/create', { source: 'topic', topic: 'photosynthesis' }, { token: u.token, locale: 'en' });
    const proseMap = mapOf(prose);
    expect(proseMap.tree).toMatchObject({ topic: 'photosynthesis', note: 'I am sorry, I cannot draw maps. Photosynthesis turns light into sugar.', children: [] });
    expect(proseMap).toMatchObject({ notice: 'mindmap_no_outline', notice_msg: 'No outline was found to make a map from' });

    fake.next({ chunks: ['Sure! Here it is:\n', '- Light\n- Dark\n', '\nThis is a paragraph of rambling.\n\nAnd another one that goes on.\n\nAnd a third.\n'] });
    const mixed = await stream(base, '/mindmap/create', { source: 'topic', topic: 'photosynthesis' }, { token: u.token, locale: 'zh' });
    const mixedMap = mapOf(mixed);
    expect(topics(mixedMap.tree)).toEqual(['Light', 'Dark']);
    expect(mixedMap).toMatchObject({ notice: 'mindmap_partial_outline', notice_msg: '模型的回复不完全是大纲，导图只保留了能识别的部分' });
    const stored = await callApi(t.app, api.mindmapDetail, { token: u.token, locale: 'en', query: { id: String(mixedMap.id) } });
    expect(stored.body.data).toMatchObject({ notice: 'mindmap_partial_outline', notice_msg: 'The model did not answer with a clean outline; the map keeps the parts that could be read' });
    // Once the user has edited it, the notice about the model's answer is gone.
    await callApi(t.app, api.mindmapSave, { token: u.token, body: { id: mixedMap.id, revision: 1, tree: { ...mixedMap.tree, topic: 'Mine' } } });
    expect((await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(mixedMap.id) } })).body.data).toMatchObject({ notice: null, notice_msg: null, revision: 2 });
  });

  it('keeps the branches that arrived when the model fails mid-stream', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['# Topic\n', '- First branch\n', '- Second'], destroyAfter: 2 });
    const res = await stream(base, '/mindmap/create', { source: 'topic', topic: 'topic' }, { token: u.token, locale: 'en' });
    const all = events(res);
    expect(all.at(-1)).toMatchObject({ type: 'error' });
    const map = mapOf(res);
    expect(topics(map.tree)).toEqual(['First branch']);
    const detail = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(map.id) } });
    expect(detail.body.data.status).toBe('done');
    expect(detail.body.data.notice).not.toBeNull();
    expect(detail.body.data.tree).toEqual(map.tree);
  });

  it('charges after the free generations, refuses without balance, and counts no refused generation', async () => {
    const u = await makeUser(t.app);
    const site = await t.app.services.settings.site();
    await t.app.services.settings.saveSite({ ...site, mindmap_config: { is_open: true, free_per_day: 1, price: 10 } });
    try {
      // No word counts (a signup gift may have given some).
      const gift = (await t.app.services.userInfo.get(u.user.id))?.balance.word_count ?? 0;
      if (gift > 0) await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'word_count', delta: -gift, reason: 'test', refType: 'test' }]);
      fake.next({ chunks: ['# Free\n- one\n'] });
      const free = await stream(base, '/mindmap/create', { source: 'topic', topic: 'free one' }, { token: u.token, locale: 'en' });
      expect(events(free).at(-1)).toMatchObject({ type: 'end', charged: null });
      const refused = await stream(base, '/mindmap/create', { source: 'topic', topic: 'second' }, { token: u.token, locale: 'en' });
      expect(refused.status).toBe(402);
      expect(refused.json?.msg).toBe('Insufficient word balance');
      expect((await callApi(t.app, api.mindmapOptions, { token: u.token })).body.data.used_today).toBe(1);

      await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'word_count', delta: 1000, reason: 'test', refType: 'test' }]);
      const outline = `# Paid\n${Array.from({ length: 40 }, (_, i) => `- branch number ${i} with words`).join('\n')}\n`;
      fake.next({ chunks: [outline] });
      const paid = await stream(base, '/mindmap/create', { source: 'topic', topic: 'paid one' }, { token: u.token, locale: 'en' });
      const end = events(paid).at(-1);
      if (end?.type !== 'end') throw new Error(paid.text);
      expect(end.charged?.asset).toBe('word_count');
      expect(end.charged?.amount).toBe(Math.ceil((end.usage.words * 10) / 1000));
      expect(end.balance?.word_count).toBe(1000 - end.charged!.amount);
      const item = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(mapOf(paid).id) } });
      expect(item.body.data.nodes).toBe(41);
      expect((await callApi(t.app, api.mindmapOptions, { token: u.token })).body.data.used_today).toBe(2);
    } finally {
      await t.app.services.settings.saveSite(site);
    }
  });

  it("maps a chat answer of the user's own at once, and no one else's", async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['Here is an overview.\n\n', '## Causes\n- Greenhouse gases\n- Land use\n', '## Effects\n- Sea level rise\n'] });
    const chat = await stream(base, '/chat/send', { content: 'Explain climate change' }, { token: u.token });
    const messageId = chat.events[0]!.assistant_message_id as number;
    const res = await stream(base, '/mindmap/create', { source: 'answer', message_id: messageId }, { token: u.token, locale: 'en' });
    expect(events(res).map((e) => e.type)).toEqual(['start', 'map', 'end']);
    const map = mapOf(res);
    expect(map.title).toBe('Explain climate change');
    expect(topics(map.tree)).toEqual(['Causes', 'Effects']);
    expect(map.tree.children[0]!.children.map((c) => c.topic)).toEqual(['Greenhouse gases', 'Land use']);
    const other = await makeUser(t.app);
    const theirs = await stream(base, '/mindmap/create', { source: 'answer', message_id: messageId }, { token: other.token, locale: 'en' });
    expect(theirs.status).toBe(404);
    expect(theirs.json?.msg).toBe('That answer was not found');

    fake.next({ chunks: ['Climate is the long-term pattern of weather in a place.\n\nIt changes when the energy balance of the planet shifts over decades.'] });
    const plain = await stream(base, '/chat/send', { content: 'What is climate?' }, { token: u.token });
    const plainMap = mapOf(await stream(base, '/mindmap/create', { source: 'answer', message_id: plain.events[0]!.assistant_message_id }, { token: u.token }));
    expect(topics(plainMap.tree)).toEqual(['Climate is the long-term pattern of weather in a place.', 'It changes when the energy balance of the planet shifts over decades.']);
  });

  it("maps a document: its structure linked to its pages, or a model's summary whose branches point at their pages", async () => {
    const u = await memberUser(t.app, admin);
    const text = '# Soil study\n\nWe measured soil carbon in forty plots over three years.\n\n## Methods\n\nSamples were taken at three depths in every plot each spring.\n\n## Results\n\nCarbon rose by twelve percent in plots under cover crops.\n';
    const doc = await completeDoc(t, u.token, 'soil.md', Buffer.from(text));
    const structural = await stream(base, '/mindmap/create', { source: 'document', doc_id: doc.id, summarise: false }, { token: u.token, locale: 'en'});
    const map = mapOf(structural);
    expect(map).toMatchObject({ structural: true, notice: 'mindmap_structural_only', notice_msg: "This is the document's own structure (not summarised by AI)" });
    expect(map.tree.topic).toBe('soil.md');
    const study = map.tree.children[0]!;
    expect(study).toMatchObject({ topic: 'Soil study', link: `https://app.example.org/doc/details?id=${doc.id}&page=1` });
    expect(topics(study)).toEqual(['We measured soil carbon in forty plots over three years.', 'Methods', 'Results']);
    expect(study.children[2]!.children[0]!.topic).toBe('Carbon rose by twelve percent in plots under cover crops.');

    fake.next({ chunks: ['# Soil carbon\n- Question: does cover cropping store carbon [p. 1]\n- Finding: +12% carbon (p. 1)\n- Made-up page [p. 99]\n'] });
    const summary = await stream(base, '/mindmap/create', { source: 'document', doc_id: doc.id }, { token: u.token, locale: 'en'});
    expect(events(summary)[0]).toMatchObject({ type: 'start', streaming: true, source: 'document' });
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('[p. 1]\n# Soil study');
    const summarised = mapOf(summary);
    expect(summarised.structural).toBe(false);
    expect(summarised.tree.children).toEqual([
      { topic: 'Question: does cover cropping store carbon', link: `https://app.example.org/doc/details?id=${doc.id}&page=1`, children: [] },
      { topic: 'Finding: +12% carbon', link: `https://app.example.org/doc/details?id=${doc.id}&page=1`, children: [] },
      { topic: 'Made-up page', children: [] },
    ]);
    const stranger = await memberUser(t.app, admin);
    expect((await stream(base, '/mindmap/create', { source: 'document', doc_id: doc.id }, { token: stranger.token })).status).toBe(404);
  });

  it('maps a paper: its record as a structural map, or a summary by the model', async () => {
    const u = await makeUser(t.app);
    const record = {
      paper_id: '2299.00042',
      metadata: {
        id: '2299.00042',
        title: 'Cover crops and soil carbon',
        authors: 'Ada Lovelace, Alan Turing',
        abstract: 'We study cover crops on forty farms over three years. Results show soil carbon rose by twelve percent. The effect was largest on clay soils.',
        'journal-ref': null,
        doi: null,
        categories: 'q-bio.PE',
        versions: [{ version: 'v1', created: 'Mon, 1 Jan 2029 00:00:00 GMT' }],
        authors_parsed: [['Lovelace', 'Ada', ''], ['Turing', 'Alan', '']],
      },
      abstract: { text: '' },
      bib_entries: { a: { bib_entry_raw: 'A. Author. Soil carbon, a review. 2020.', ids: { doi: '', arxiv_id: '', open_alex_id: '' } } },
    };
    await t.app.services.papers.importer.importFiles([{ name: 'mindmap.jsonl', text: JSON.stringify(record) }]);
    const found = await callApi(t.app, api.paperSearch, { query: { keyword: 'cover crops soil carbon' } });
    const paperId = found.body.data.lists[0]!.id;
    const res = await stream(base, '/mindmap/create', { source: 'paper', paper_id: paperId, summarise: false }, { token: u.token, locale: 'en' });
    const map = mapOf(res);
    expect(map.tree.topic).toBe('Cover crops and soil carbon');
    expect(map.tree.link).toMatch(new RegExp(`/academic_search/detail/${encodeURIComponent(paperId)}$`));
    expect(topics(map.tree)).toEqual(['Authors', 'Published', 'Abstract', 'Keywords', 'References (1)']);
    expect(topics(map.tree.children[0]!)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(topics(map.tree.children[4]!)).toEqual(['A. Author. Soil carbon, a review. 2020.']);
    expect(topics(map.tree.children[2]!)).toEqual(['We study cover crops on forty farms over three years.', 'Results show soil carbon rose by twelve percent.', 'The effect was largest on clay soils.']);

    fake.next({ chunks: ['# Cover crops\n- Problem\n- Findings\n  - +12% soil carbon\n'] });
    const summary = mapOf(await stream(base, '/mindmap/create', { source: 'paper', paper_id: paperId }, { token: u.token, locale: 'en' }));
    expect(topics(summary.tree)).toEqual(['Problem', 'Findings']);
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('Abstract: We study cover crops');
    // A model that answers no outline at all: the paper's own record is kept, and the map says so.
    fake.next({ chunks: ['ok'] });
    const bare = mapOf(await stream(base, '/mindmap/create', { source: 'paper', paper_id: paperId }, { token: u.token, locale: 'en' }));
    expect(topics(bare.tree)).toEqual(['Authors', 'Published', 'Abstract', 'Keywords', 'References (1)']);
    expect(bare.notice).toBe('mindmap_structural_only');
    const missing = await stream(base, '/mindmap/create', { source: 'paper', paper_id: '999999' }, { token: u.token, locale: 'en' });
    expect(missing.status).toBe(404);
  });
});
