import { api, type DocItem } from '@xueba/contract';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, createTwoApps, makeUser, ON_POSTGRES, type TestApp, callApi } from './helpers.js';
import { startAiTestApp, type AiTestApp } from './ai-app.js';
import { FakeOpenAI } from './fake-openai.js';
import { listen, stream, textOf, until, type StreamEvent, type StreamResult } from './sse-client.js';
import { memberUser, uploadDocs } from './doc-fixture.js';
import { ChatRepository } from '../modules/chat/chat.repository.js';
import { AnswerRunner } from '../modules/chat/answers.js';
import { HAS_SHARED_DATA, sharedFile } from '../modules/paper/shared-data.js';

/**
 * Ids are sequential, so every path that takes one from the client and acts
 * on it is tried by a second user against the first user's running stream or
 * stored record: B is answered "not found" (product-choices "Ownership
 * checks"), A's stream runs to its normal end with the whole answer, and A's
 * record is as it was.
 */
const FULL = ['Alpha ', 'beta ', 'gamma.'];
const FULL_TEXT = FULL.join('');

type User = Awaited<ReturnType<typeof makeUser>>;

/** Starts A's stream, held by the upstream after its first chunk; resolves once it is held, with its start event. */
async function heldStream(ai: { fake: FakeOpenAI; base: string }, path: string, body: unknown, token: string): Promise<{ start: StreamEvent; result: Promise<StreamResult> }> {
  ai.fake.next({ chunks: FULL, holdAfter: 1 });
  const holding = ai.fake.holding;
  let start: StreamEvent | undefined;
  const result = stream(ai.base, path, body, { token, locale: 'en', onEvent: (e) => void (e.type === 'start' && (start = e)) });
  await until(() => start !== undefined && ai.fake.holding === holding + 1);
  return { start: start!, result };
}

/** A call of B: JSON GET or POST, or a stream endpoint (refused before its stream, as a JSON envelope). */
type Attempt = [method: 'GET' | 'POST' | 'STREAM', path: string, payload: Record<string, unknown>, msg?: string];
interface Answered {
  path: string;
  status: number;
  body: unknown;
  msg: string;
}

/** B's calls, in order; judged after A's stream has ended, so a stream that B stopped shows as such first. */
async function asB(to: { app: TestApp['app']; base: string }, token: string, attempts: Attempt[]): Promise<Answered[]> {
  const answered: Answered[] = [];
  for (const [method, path, payload, msg] of attempts) {
    let res: { status: number; body: unknown };
    if (method === 'STREAM') {
      const streamed = await stream(to.base, path, payload, { token, locale: 'en' });
      res = { status: streamed.status, body: streamed.json ?? streamed.events };
    } else if (method === 'GET') res = await call(to.app, 'GET', path, { token, query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])), locale: 'en' });
    else res = await call(to.app, 'POST', path, { token, body: payload, locale: 'en' });
    answered.push({ path, status: res.status, body: res.body, msg: msg ?? 'Not found' });
  }
  return answered;
}

/** Every call of B was refused as not found, with the usual envelope in B's language. */
function expectRefused(answered: Answered[]): void {
  for (const { path, status, body, msg } of answered) expect({ path, status, body }).toMatchObject({ path, status: 404, body: { code: 0, data: null, msg } });
}

/** A's stream, released, ends normally with the whole answer. */
async function expectFinished(ai: { fake: FakeOpenAI }, result: Promise<StreamResult>, last: Record<string, unknown> = { type: 'end', status: 'done' }): Promise<StreamResult> {
  ai.fake.release();
  const done = await result;
  expect(done.events.at(-1)).toMatchObject(last);
  expect(textOf(done.events)).toBe(FULL_TEXT);
  return done;
}

describe('ownership: another user\'s ids are refused before anything happens', () => {
  let ai: AiTestApp;
  let a: User;
  let b: User;
  beforeAll(async () => {
    ai = await startAiTestApp('sk-owner', 'owner-model');
    a = await memberUser(ai.t.app, ai.admin.token);
    b = await memberUser(ai.t.app, ai.admin.token);
  });
  afterAll(async () => {
    await ai.close();
  });

  it('templates: B cannot stop, delete or read A\'s running output; it streams to its end and stays A\'s', async () => {
    const templates = await callApi(ai.t.app, api.createTemplates, { locale: 'en' });
    const polish = templates.body.data.lists.find((x) => x.key === 'polish_en')!;
    const { start, result } = await heldStream(ai, '/create/produce', { template_id: polish.id, fields: { text: 'We was happy.' } }, a.token);
    const id = start.creation_id as number;
    const refused = await asB({ app: ai.t.app, base: ai.base }, b.token, [
      ['POST', '/create/stop', { id }],
      ['POST', '/create/delete', { id }],
      ['GET', '/create/detail', { id }],
    ]);
    await expectFinished(ai, result);
    expectRefused(refused);
    const detail = await callApi(ai.t.app, api.createDetail, { token: a.token, query: { id: String(id) } });
    expect(detail.body.data).toMatchObject({ status: 'done', output: FULL_TEXT });
    // The owner still can.
    expect((await callApi(ai.t.app, api.createDelete, { token: a.token, body: { id } })).status).toBe(200);
  });

  it('templates: the owner deleting a running output still stops it, then removes it', async () => {
    const templates = await callApi(ai.t.app, api.createTemplates, { locale: 'en' });
    const polish = templates.body.data.lists.find((x) => x.key === 'polish_en')!;
    const { start, result } = await heldStream(ai, '/create/produce', { template_id: polish.id, fields: { text: 'Delete me.' } }, a.token);
    const id = start.creation_id as number;
    expect((await callApi(ai.t.app, api.createDelete, { token: a.token, body: { id } })).status).toBe(200);
    const done = await result;
    expect(done.events.at(-1)).toMatchObject({ type: 'end', status: 'stopped' });
    expect(textOf(done.events)).toBe(FULL[0]);
    expect((await callApi(ai.t.app, api.createDetail, { token: a.token, query: { id: String(id) } })).status).toBe(404);
    ai.fake.release();
  });

  it('chat: B cannot stop, delete, rename, clear, regenerate, edit, answer into or bookmark A\'s conversation; A\'s answer ends whole', async () => {
    const { start, result } = await heldStream(ai, '/chat/send', { content: 'Tell me everything', model: 'env:owner-model' }, a.token);
    const conversationId = start.conversation_id as number;
    const answerId = start.assistant_message_id as number;
    const questionId = start.user_message_id as number;
    const db = ai.t.owned.ctx.db;
    // The turn is written once the first chunk is out.
    await until(async () => (await db.selectFrom('chat_messages').select('id').where('id', '=', String(answerId)).executeTakeFirst()) !== undefined);
    const refused = await asB({ app: ai.t.app, base: ai.base }, b.token, [
      ['POST', '/chat/stop', { message_id: answerId }],
      ['POST', '/chat/delete', { conversation_id: conversationId }],
      ['POST', '/chat/rename', { conversation_id: conversationId, title: 'mine now' }],
      ['POST', '/collection/add', { message_id: answerId }],
      ['GET', '/chat/messages', { conversation_id: conversationId }],
      ['GET', '/chat/export', { conversation_id: conversationId }],
      ['STREAM', '/chat/send', { conversation_id: conversationId, content: 'me too', model: 'env:owner-model' }],
      ['STREAM', '/chat/regenerate', { conversation_id: conversationId }],
      ['STREAM', '/chat/edit', { message_id: questionId, content: 'rewritten' }],
    ]);
    const row = await db.selectFrom('chat_messages').select('stop_requested').where('id', '=', String(answerId)).executeTakeFirstOrThrow();
    await expectFinished(ai, result);
    expectRefused(refused);
    expect(row.stop_requested).toBe(false);
    const messages = await callApi(ai.t.app, api.chatMessages, {
      token: a.token,
      query: { conversation_id: String(conversationId) },
    });
    expect(messages.body.data.conversation.title).toBe('Tell me everything');
    expect(messages.body.data.lists.map((m) => [m.id, m.role, m.content, m.status])).toEqual([
      [questionId, 'user', 'Tell me everything', 'done'],
      [answerId, 'assistant', FULL_TEXT, 'done'],
    ]);

    // Favorites: B cannot remove A's bookmark, by its id or by the answer's.
    const favorite = await callApi(ai.t.app, api.collectionAdd, { token: a.token, body: { message_id: answerId } });
    expectRefused(
      await asB({ app: ai.t.app, base: ai.base }, b.token, [
        ['POST', '/collection/remove', { id: favorite.body.data.id }],
        ['POST', '/collection/remove', { message_id: answerId }],
      ]),
    );
    const listed = await callApi(ai.t.app, api.collectionLists, { token: a.token });
    expect(listed.body.data.lists).toEqual([expect.objectContaining({ id: favorite.body.data.id, answer: FULL_TEXT })]);
    expect((await callApi(ai.t.app, api.collectionRemove, { token: a.token, body: { id: favorite.body.data.id } })).status).toBe(200);
    expect((await callApi(ai.t.app, api.chatDelete, { token: a.token, body: { conversation_id: conversationId } })).status).toBe(200);
  });

  it('documents: B cannot delete, rename, retry, interpret, ask, bookmark or read A\'s documents and answers; A\'s document answer ends whole', async () => {
    const docOf = async (user: User, name: string): Promise<DocItem> => {
      const up = await uploadDocs(ai.t.app, user.token, [{ filename: name, data: Buffer.from(`${name}: alpha beta gamma. The method is careful reading.\n`.repeat(20)) }]);
      const id = up.body.data.files[0]!.doc!.id;
      await until(async () => {
        await ai.t.app.services.jobs.drain();
        return (await callApi(ai.t.app, api.docDetail, { token: user.token, query: { id: String(id) } })).body.data.status === 'complete';
      }, 20_000);
      return (await callApi(ai.t.app, api.docDetail, { token: user.token, query: { id: String(id) } })).body.data;
    };
    const docA = await docOf(a, 'a-notes.txt');
    const docB = await docOf(b, 'b-notes.txt');
    const { start, result } = await heldStream(ai, '/doc/chat', { doc_ids: [docA.id], question: 'What is the method?' }, a.token);
    const conversationId = start.conversation_id as number;
    const answerId = start.assistant_message_id as number;
    const refused = await asB({ app: ai.t.app, base: ai.base }, b.token, [
      ['POST', '/doc/delete', { id: docA.id }, 'Document not found'],
      ['POST', '/doc/rename', { id: docA.id, name: 'mine now.txt' }, 'Document not found'],
      ['POST', '/doc/retry', { id: docA.id }, 'Document not found'],
      ['GET', '/doc/interpret', { id: docA.id }, 'Document not found'],
      ['GET', '/doc/detail', { id: docA.id }, 'Document not found'],
      ['POST', '/doc/favorite', { message_id: answerId, favorite: true }],
      ['GET', '/doc/messages', { conversation_id: conversationId }],
      ['STREAM', '/doc/chat', { doc_ids: [docA.id], question: 'mine?' }, 'Document not found'],
      ['STREAM', '/doc/chat', { doc_ids: [docB.id], question: 'into yours?', conversation_id: conversationId }],
    ]);
    await expectFinished(ai, result);
    expectRefused(refused);
    const detail = await callApi(ai.t.app, api.docDetail, { token: a.token, query: { id: String(docA.id) } });
    expect(detail.body.data).toMatchObject({ name: 'a-notes.txt', status: 'complete' });
    const history = await callApi(ai.t.app, api.docMessages, { token: a.token, query: { conversation_id: String(conversationId) } });
    expect(history.body.data.lists.map((m) => [m.role, m.status, m.content, m.favorite_id])).toEqual([
      ['user', 'done', 'What is the method?', null],
      ['assistant', 'done', FULL_TEXT, null],
    ]);
  });

  it('the stop flag other processes read is set only on the owner\'s rows, and this process aborts only the owner\'s answer', async () => {
    // The app's runner, as the chat service sees it when it counts the user's open answers.
    const seen = vi.spyOn(AnswerRunner.prototype, 'openFor');
    const { start, result } = await heldStream(ai, '/chat/send', { content: 'flag', model: 'env:owner-model' }, a.token);
    const runner = seen.mock.contexts[0] as AnswerRunner;
    seen.mockRestore();
    const answerId = start.assistant_message_id as number;
    const db = ai.t.owned.ctx.db;
    await until(async () => (await db.selectFrom('chat_messages').select('id').where('id', '=', String(answerId)).executeTakeFirst()) !== undefined);
    await new ChatRepository().requestStop(db, 'chat_messages', b.user.id, [answerId]);
    expect((await db.selectFrom('chat_messages').select('stop_requested').where('id', '=', String(answerId)).executeTakeFirstOrThrow()).stop_requested).toBe(false);
    expect(runner.abort('chat_messages', answerId, b.user.id)).toBeNull();
    expect(runner.openFor(a.user.id)).toBe(1);
    await expectFinished(ai, result);
  });
});

describe('ownership: orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('B reading A\'s expired order is refused and does not close it; A reading it does', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const pkg = (await callApi(t.app, api.rechargePackages)).body.data.lists[0]!;
    const order = (await callApi(t.app, api.createOrder, { token: a.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    t.clock.advance(31 * 60_000);
    expectRefused(await asB({ app: t.app, base: '' }, b.token, [['GET', '/order/detail', { order_no: order.order_no }, 'Order not found']]));
    const row = await t.owned.ctx.db.selectFrom('orders').select('status').where('order_no', '=', order.order_no).executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
    expect((await callApi(t.app, api.orderDetail, { token: a.token, query: { order_no: order.order_no } })).body.data.status).toBe('closed');
  });
});

describe.skipIf(!HAS_SHARED_DATA)('ownership: paper interpretation and paper favourites', () => {
  let ai: AiTestApp;
  beforeAll(async () => {
    ai = await startAiTestApp('sk-paper', 'paper-model');
    const file = sharedFile('papers', 'acl-family', 'naacl2024.json');
    await ai.t.app.services.papers.importer.importFiles([{ name: file, text: fs.readFileSync(file, 'utf8') }]);
  });
  afterAll(async () => {
    await ai.close();
  });

  it('B closing its own interpretation of the same paper, or unfavouriting it, leaves A\'s stream and favourite alone', async () => {
    const a = await makeUser(ai.t.app);
    const b = await makeUser(ai.t.app);
    const found = await callApi(ai.t.app, api.paperSearch, { query: { keyword: 'malicious content detection' } });
    const id = found.body.data.lists[0]!.id;
    expect((await callApi(ai.t.app, api.paperFavorite, { token: a.token, body: { id } })).status).toBe(200);
    const { result } = await heldStream(ai, '/paper/interpret', { id }, a.token);
    // The only stop of an interpretation is its own connection closing: B's closes at its first section.
    ai.fake.next({ chunks: FULL, holdAfter: 1 });
    const mine = await stream(ai.base, '/paper/interpret', { id }, { token: b.token, onEvent: (e) => (e.type === 'delta' ? 'abort' : undefined) });
    expect(mine.events.at(-1)).toMatchObject({ type: 'delta' });
    expect((await callApi(ai.t.app, api.paperUnfavorite, { token: b.token, body: { id } })).status).toBe(200);
    await expectFinished(ai, result, { type: 'done' });
    const favourites = await callApi(ai.t.app, api.paperFavorites, { token: a.token });
    expect(favourites.body.data.lists.map((p) => p.id)).toEqual([id]);
  });
});

describe.skipIf(!ON_POSTGRES)('ownership across two app processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    two = await createTwoApps({ AI_BASE_URL: fake.url, AI_MODELS: 'm' });
  });
  afterAll(async () => {
    await two?.close();
    await fake?.close();
  });

  it('B\'s stop and delete on the other process leave A\'s streams running past a poll to their normal end', async () => {
    const base = await listen(two.a.app);
    const a = await makeUser(two.a.app);
    const b = await makeUser(two.b.app);
    const templates = await callApi(two.a.app, api.createTemplates, { locale: 'en' });
    const polish = templates.body.data.lists.find((x) => x.key === 'polish_en')!;
    const created = await heldStream({ fake, base }, '/create/produce', { template_id: polish.id, fields: { text: 'We was happy.' } }, a.token);
    const chat = await heldStream({ fake, base }, '/chat/send', { content: 'hi' }, a.token);
    const answerId = chat.start.assistant_message_id as number;
    await until(async () => (await two.a.owned.ctx.db.selectFrom('chat_messages').select('id').where('id', '=', String(answerId)).executeTakeFirst()) !== undefined);
    // Only A streams, so only A's poll asks for stop flags (of its own answers).
    const polled = vi.spyOn(ChatRepository.prototype, 'stopRequested');
    const refused = await asB({ app: two.b.app, base: await listen(two.b.app) }, b.token, [
      ['POST', '/create/stop', { id: created.start.creation_id }],
      ['POST', '/create/delete', { id: created.start.creation_id }],
      ['POST', '/chat/stop', { message_id: answerId }],
      ['POST', '/chat/delete', { conversation_id: chat.start.conversation_id }],
    ]);
    // Each process polls the stop flags of what it streams once a second: let A poll twice after B's requests,
    // so a stop B had managed to flag would have been read and acted on.
    const pollsBefore = polled.mock.calls.length;
    try {
      await until(() => polled.mock.calls.slice(pollsBefore).filter(([, table]) => table === 'creations').length >= 2);
    } finally {
      polled.mockRestore();
    }
    expect(fake.holding).toBe(2);
    fake.release();
    for (const { result } of [created, chat]) {
      const done = await result;
      expect(done.events.at(-1)).toMatchObject({ type: 'end', status: 'done' });
      expect(textOf(done.events)).toBe(FULL_TEXT);
    }
    expectRefused(refused);
    const creation = await two.a.owned.ctx.db.selectFrom('creations').select(['status', 'output']).where('id', '=', String(created.start.creation_id)).executeTakeFirstOrThrow();
    expect(creation).toEqual({ status: 'done', output: FULL_TEXT });
  });
});
