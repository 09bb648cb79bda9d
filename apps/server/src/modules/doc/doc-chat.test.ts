import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, docChatEventSchema, docInterpretationSchema, type DocItem } from '@xueba/contract';
import { makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { startAiTestApp, type AiTestApp } from '../../test/ai-app.js';
import { stream, textOf } from '../../test/sse-client.js';
import { completeDoc, corpusFile, memberUser, offlineDocApp, uploadDocs } from '../../test/doc-fixture.js';

describe('document Q&A on a model (local OpenAI-compatible upstream)', () => {
  let ai: AiTestApp;
  let token: string;
  let doc: DocItem;

  beforeAll(async () => {
    ai = await startAiTestApp('sk-doc', 'doc-model');
    token = (await memberUser(ai.t.app, ai.admin.token)).token;
    doc = await completeDoc(ai.t, token, 'naacl2018.pdf', corpusFile('pdf/naacl2018_N18-3011.pdf'));
    expect(doc.status).toBe('complete');
  });
  afterAll(async () => {
    await ai.close();
  });

  it('streams an answer grounded in numbered passages; the end event lists the citations used', async () => {
    ai.fake.next({ chunks: ['The graph has more than 280M nodes ', '[1].', ' Entities are linked [2].'] });
    const result = await stream(ai.base, '/doc/chat', { doc_ids: [doc.id], question: 'How many nodes does the literature graph have?' }, { token, locale: 'en' });
    expect(result.status).toBe(200);
    const events = result.events.map((e) => docChatEventSchema.parse(e));
    expect(events[0]).toMatchObject({ type: 'start', offline: false, model: 'env:doc-model' });
    expect(textOf(result.events)).toBe('The graph has more than 280M nodes [1]. Entities are linked [2].');
    const end = events[events.length - 1]!;
    if (end.type !== 'end') throw new Error(`expected end, got ${end.type}`);
    expect(end.citations.map((c) => c.n)).toEqual([1, 2]);
    const first = end.citations[0]!;
    expect(first).toMatchObject({ doc_id: doc.id, doc_name: 'naacl2018.pdf' });
    // The cited passage is where it says it is: its offsets index the page text.
    const page = await callApi(ai.t.app, api.docPage, { token, query: { id: String(doc.id), page: String(first.page) } });
    expect(page.body.data.text.slice(first.start, first.end).trim()).toBe(first.text);

    // The model saw the passages numbered, with the instruction to cite them.
    const request = ai.fake.requests[ai.fake.requests.length - 1]!;
    expect(request.messages[0]!.role).toBe('system');
    expect(request.messages[0]!.content).toContain('[1] (naacl2018.pdf, p. ');
    expect(request.messages[0]!.content).toContain('cite it as [n]');
    // Retrieval put the abstract's answer among the passages.
    expect(request.messages[0]!.content).toMatch(/more than 280M nodes/);

    const history = await callApi(ai.t.app, api.docMessages, { token, query: { doc_id: String(doc.id) } });
    const answer = history.body.data.lists.find((m) => m.role === 'assistant')!;
    expect(answer).toMatchObject({ status: 'done', content: textOf(result.events) });
    expect(answer.citations.map((c) => c.n)).toEqual([1, 2]);

    const fav = await callApi(ai.t.app, api.docFavorite, { token, body: { message_id: answer.id, favorite: true }, locale: 'en' });
    expect(fav.body.msg).toBe('Bookmark added');
    const collection = await callApi(ai.t.app, api.collectionLists, { token });
    expect(collection.body.data.lists[0]).toMatchObject({ question: 'How many nodes does the literature graph have?', answer: answer.content });
  });

  it('interprets the document once per locale with three suggested questions', async () => {
    ai.fake.next({ chunks: ['```json\n{"about": "文献图谱", "method": "实体抽取", "findings": "超过2.8亿节点", "questions": ["问1", "问2", "问3"]}\n```'] });
    const first = await callApi(ai.t.app, api.docInterpret, { token, query: { id: String(doc.id) }, locale: 'zh' });
    expect(docInterpretationSchema.parse(first.body.data)).toMatchObject({ about: '文献图谱', questions: ['问1', '问2', '问3'], by_model: true, locale: 'zh' });
    const requests = ai.fake.requests.length;
    const again = await callApi(ai.t.app, api.docDetail, { token, query: { id: String(doc.id) }, locale: 'zh' });
    expect((again.body.data as { interpretation: { about: string } }).interpretation.about).toBe('文献图谱');
    expect(ai.fake.requests.length).toBe(requests);
  });

  it('says so when a configured model gives no usable interpretation, and asks it again next time', async () => {
    ai.fake.next({ chunks: ['I cannot help with that.'] });
    const first = await callApi(ai.t.app, api.docInterpret, { token, query: { id: String(doc.id) }, locale: 'en' });
    expect(first.body.data).toMatchObject({ by_model: false, notice: expect.stringContaining('The model did not give a usable interpretation') });
    const requests = ai.fake.requests.length;
    ai.fake.next({ chunks: ['{"about": "A graph", "method": "Extraction", "findings": "280M nodes", "questions": ["q1", "q2", "q3"]}'] });
    const second = await callApi(ai.t.app, api.docInterpret, { token, query: { id: String(doc.id) }, locale: 'en' });
    expect(second.body.data.by_model).toBe(true);
    expect(ai.fake.requests.length).toBe(requests + 1);
  });

  it('ends with an error event when the model fails mid-answer and keeps the partial text', async () => {
    ai.fake.next({ chunks: ['Partial [1]', ' more'], destroyAfter: 1 });
    const result = await stream(ai.base, '/doc/chat', { doc_ids: [doc.id], question: 'What is entity linking?' }, { token, locale: 'en' });
    const last = result.events[result.events.length - 1]!;
    expect(last.type).toBe('error');
  });
});

describe('document Q&A on the offline channel', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let doc: DocItem;

  beforeAll(async () => {
    ({ t, base, token, doc } = await offlineDocApp('maint-guide.txt', corpusFile('txt/maint-guide.zh-cn.txt')));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the best passages, cited the same way, with the notice', async () => {
    const result = await stream(base, '/doc/chat', { doc_ids: [doc.id], question: '如何构建软件包？' }, { token, locale: 'zh' });
    expect(result.status).toBe(200);
    const events = result.events.map((e) => docChatEventSchema.parse(e));
    expect(events[0]).toMatchObject({ type: 'start', offline: true });
    const text = textOf(result.events);
    expect(text.startsWith('> 尚未接入 AI 模型')).toBe(true);
    expect(text).toMatch(/\[1\]/);
    const end = events[events.length - 1]!;
    if (end.type !== 'end') throw new Error('expected end');
    expect(end.citations.length).toBeGreaterThan(0);
    expect(end.citations[0]).toMatchObject({ n: 1, doc_id: doc.id });
    expect(text).toContain(`maint-guide.txt, p. ${end.citations[0]!.page}`);
  });

  it('gives an honest extractive interpretation offline', async () => {
    const result = await callApi(t.app, api.docInterpret, { token, query: { id: String(doc.id) }, locale: 'en' });
    expect(docInterpretationSchema.parse(result.body.data)).toMatchObject({ by_model: false, questions: ['What is this document mainly about?', 'What method does the document use?', 'What are the main findings of the document?'] });
  });

  it('refuses before the stream: another user, a document still processing, missing membership', async () => {
    const other = await makeUser(t.app);
    const refused = await stream(base, '/doc/chat', { doc_ids: [doc.id], question: 'hello' }, { token: other.token, locale: 'en' });
    expect(refused.status).toBe(404);
    const pending = await uploadDocs(t.app, token, [{ filename: 'later.txt', data: Buffer.from('not processed yet') }], { type: 'research_report' });
    const notReady = await stream(base, '/doc/chat', { doc_ids: [pending.body.data.files[0]!.doc!.id], question: 'hello' }, { token, locale: 'en' });
    expect(notReady.status).toBe(409);
    expect(notReady.json?.msg).toBe('The document is not ready yet');
    await t.app.services.jobs.drain();
    // The membership lapses: asking is refused with the spec's text.
    await t.owned.ctx.db.updateTable('memberships').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    await t.app.services.userInfo.invalidate(Number((await callApi(t.app, api.info, { token })).body.data.id));
    const lapsed = await stream(base, '/doc/chat', { doc_ids: [doc.id], question: 'hello' }, { token, locale: 'en' });
    expect(lapsed.status).toBe(403);
    expect(lapsed.json?.msg).toBe('You are not a member yet, please become a member first');
  });
});
