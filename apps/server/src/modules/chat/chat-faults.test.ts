import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTwoApps, makeUser, ON_POSTGRES, switchOffTasks, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { listen, stream, textOf, until } from '../../test/sse-client.js';
import { IdBlocks } from '../../platform/db/id-blocks.js';
import { AnswerRunner } from '../../platform/stream/answer-runner.js';

/**
 * Every fault a model stream can meet, against the fake upstream: a clear message, a
 * charge only for what was delivered, no message left generating, and the
 * server keeps serving.
 */
describe('chat faults', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;

  async function answerRow(id: unknown) {
    return t.owned.ctx.db.selectFrom('chat_messages').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
  }
  /** The stream starts before its turn commits: an answer row may not be there yet. */
  async function settled(id: unknown): Promise<boolean> {
    const row = await t.owned.ctx.db.selectFrom('chat_messages').select('status').where('id', '=', String(id)).executeTakeFirst();
    return row !== undefined && row.status !== 'generating';
  }
  async function count(userId: number): Promise<number> {
    const row = await t.owned.ctx.db.selectFrom('balances').select('amount').where('user_id', '=', userId).where('asset', '=', 'conversation_count').executeTakeFirst();
    return Number(row?.amount ?? 0);
  }

  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_MODELS: 'fake-model', LOG_LEVEL: 'silent' });
    base = await listen(t.app);
    await switchOffTasks(t);
    admin = await makeUser(t.app, { role: 'admin' });
    // A stored channel with a short first-token timeout for the hang test.
    const channel = await callApi(t.app, api.adminAiChannelSave, {
      token: admin.token,
      body: { name: 'Slow', base_url: fake.url, first_token_timeout_ms: 1000, total_timeout_ms: 5000 },
    });
    await callApi(t.app, api.adminAiModelSave, {
      token: admin.token,
      body: { channel_id: channel.body.data.id, key: 'slow', upstream_model: 'slow', names: { zh: '慢' }, billing: { mode: 'per_answer', price: 1 }, visible: true },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it.each([
    [401, 'invalid_api_key', 'The model service rejected its API key; please tell an administrator'],
    [429, 'rate_limit_exceeded', 'The model service is busy, please try again shortly'],
    [500, 'server_error', 'The model service failed; what was generated is kept, please try again'],
  ])('upstream %i: an error event with a clear message, nothing charged, the message failed', async (status, code, msg) => {
    const u = await makeUser(t.app);
    const before = await count(u.user.id);
    fake.next({ status, error: { message: `upstream says ${code}`, type: 'error', code } });
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.type)).toEqual(['start', 'error']);
    expect(res.events[1]).toMatchObject({ msg, charged: null });
    expect(res.text).not.toContain(`upstream says`);
    const row = await answerRow(res.events[0]!.assistant_message_id);
    expect(row).toMatchObject({ status: 'failed', charged: 0 });
    expect(await count(u.user.id)).toBe(before);
  });

  it('a model that never sends its first token times out', async () => {
    const u = await makeUser(t.app);
    fake.next({ hangBeforeFirstToken: true });
    const started = Date.now();
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'slow' }, { token: u.token, locale: 'en' });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(res.events.at(-1)).toMatchObject({ type: 'error', code: 'model_timeout', msg: 'The model took too long to answer, please try again' });
    expect((await answerRow(res.events[0]!.assistant_message_id)).status).toBe('failed');
  });

  it('a disconnect mid-stream keeps the partial answer as failed and a per-answer model charges nothing', async () => {
    const u = await makeUser(t.app);
    const before = await count(u.user.id);
    fake.next({ chunks: ['Part one. ', 'Part two. ', 'never'], destroyAfter: 2 });
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token });
    expect(textOf(res.events)).toBe('Part one. Part two. ');
    expect(res.events.at(-1)).toMatchObject({ type: 'error', code: 'model_upstream_error', charged: null });
    expect(await answerRow(res.events[0]!.assistant_message_id)).toMatchObject({ status: 'failed', content: 'Part one. Part two. ' });
    expect(await count(u.user.id)).toBe(before);
  });

  it('a malformed chunk ends the answer with a clear message', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['fine ', 'then'], malformedAfter: 1 });
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    expect(textOf(res.events)).toBe('fine ');
    expect(res.events.at(-1)).toMatchObject({ type: 'error', code: 'model_malformed', msg: 'The model service sent an invalid reply' });
    expect((await answerRow(res.events[0]!.assistant_message_id)).status).toBe('failed');
  });

  it('closing the tab mid-stream aborts the upstream call, keeps the partial answer as stopped and bills it', async () => {
    const u = await makeUser(t.app);
    const before = await count(u.user.id);
    const abortedBefore = fake.aborted;
    fake.next({ chunks: ['Half ', 'an ', 'answer'], holdAfter: 2 });
    let answerId: unknown;
    await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, {
      token: u.token,
      onEvent: (e, all) => {
        if (e.type === 'start') answerId = e.assistant_message_id;
        return all.filter((x) => x.type === 'delta').length === 2 ? 'abort' : undefined;
      },
    });
    await until(() => settled(answerId));
    expect(await answerRow(answerId)).toMatchObject({ status: 'stopped', content: 'Half an ', charged: 1 });
    await until(() => fake.aborted > abortedBefore);
    expect(await count(u.user.id)).toBe(before - 1);
    fake.release();
  });

  it('/chat/stop stops a generating answer; the stream ends as stopped with the partial text', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['Stop ', 'me ', 'now'], holdAfter: 1 });
    let answerId: unknown;
    let stopped: Promise<{ status: number; body: { data: { status: string } } }> | undefined;
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, {
      token: u.token,
      onEvent: (e) => {
        if (e.type === 'start') answerId = e.assistant_message_id;
        if (e.type === 'delta') stopped ??= callApi(t.app, api.chatStop, { token: u.token, body: { message_id: answerId } });
      },
    });
    expect(res.events.at(-1)).toMatchObject({ type: 'end', status: 'stopped', charged: { amount: 1 } });
    expect(textOf(res.events)).toBe('Stop ');
    expect((await stopped)?.body.data.status).toBe('stopped');
    expect(await answerRow(answerId)).toMatchObject({ status: 'stopped', content: 'Stop ' });
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.chatStop, { token: other.token, body: { message_id: answerId } })).status).toBe(404);
    fake.release();
  });

  it('two tabs: concurrent answers up to the limit, a clear refusal beyond it and in the same conversation', async () => {
    const u = await makeUser(t.app);
    const settings = await callApi(t.app, api.adminAiSettings, { token: admin.token });
    await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { ...settings.body.data, max_streams: 2 } });
    try {
      fake.next({ chunks: ['A1 ', 'A2'], holdAfter: 1 }, { chunks: ['B1 ', 'B2'], holdAfter: 1 });
      const ids: Record<string, unknown> = {};
      const first = stream(base, '/chat/send', { content: 'tab A', model: 'env:fake-model' }, { token: u.token, onEvent: (e) => void (e.type === 'start' && (ids.a = e.conversation_id)) });
      await until(() => fake.holding === 1);
      const second = stream(base, '/chat/send', { content: 'tab B', model: 'env:fake-model' }, { token: u.token });
      await until(() => fake.holding === 2);
      const third = await stream(base, '/chat/send', { content: 'tab C', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
      expect(third.status).toBe(429);
      expect(third.json?.msg).toBe('Too many answers in progress (at most 2); wait for one to finish');
      await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { ...settings.body.data, max_streams: 3 } });
      const same = await stream(base, '/chat/send', { content: 'again', conversation_id: ids.a, model: 'env:fake-model' }, { token: u.token, locale: 'en' });
      expect(same.status).toBe(409);
      expect(same.json?.msg).toBe('An answer is still being generated in this conversation; stop it first');
      fake.release();
      const [a, b] = await Promise.all([first, second]);
      expect(textOf(a.events)).toBe('A1 A2');
      expect(textOf(b.events)).toBe('B1 B2');
      expect(a.events.at(-1)).toMatchObject({ type: 'end', status: 'done' });
    } finally {
      await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: settings.body.data });
    }
  });

  it('two tabs on the last count: the second is refused, never charged twice', async () => {
    const u = await makeUser(t.app);
    const current = await count(u.user.id);
    await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'conversation_count', delta: 1 - current, reason: 'test', refType: 'test' }]);
    fake.next({ chunks: ['one ', 'two'], holdAfter: 1 });
    const first = stream(base, '/chat/send', { content: 'A', model: 'env:fake-model' }, { token: u.token });
    await until(() => fake.holding === 1);
    const second = await stream(base, '/chat/send', { content: 'B', model: 'env:fake-model' }, { token: u.token });
    expect(second.status).toBe(402);
    fake.release();
    expect((await first).events.at(-1)).toMatchObject({ charged: { amount: 1 }, balance: { conversation_count: 0 } });
  });

  it('two tabs asking at the same moment on the last count: one answer, one refusal, nothing stored for it', async () => {
    const u = await makeUser(t.app);
    const current = await count(u.user.id);
    await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'conversation_count', delta: 1 - current, reason: 'test', refType: 'test' }]);
    // The default script: a request refused before its upstream call consumes none.
    const results = await Promise.all(['A', 'B'].map((content) => stream(base, '/chat/send', { content, model: 'env:fake-model' }, { token: u.token, locale: 'en' })));
    const answered = results.filter((r) => r.status === 200 && r.events.at(-1)?.type === 'end');
    const refused = results.filter((r) => r.status === 402 || r.events.at(-1)?.refused === true);
    expect(answered).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const last = refused[0]!.events.at(-1);
    // Refused before the stream (JSON 402) or, having lost the race inside it, as a refused error event.
    if (refused[0]!.status === 200) expect(last).toMatchObject({ type: 'error', code: 'insufficient_conversation_balance', status: 402, msg: expect.stringMatching(/conversation/i) });
    expect(await count(u.user.id)).toBe(0);
    const rows = await t.owned.ctx.db.selectFrom('chat_messages').select('role').where('user_id', '=', u.user.id).execute();
    expect(rows.map((r) => r.role).sort()).toEqual(['assistant', 'user']);
  });

  it('a turn refused after its stream started (the cached balance was stale) ends as refused and stores nothing', async () => {
    const u = await makeUser(t.app);
    const current = await count(u.user.id);
    // The ledger write announces the change at once, and on PostgreSQL once more when its NOTIFY comes back;
    // the cache is filled after the last announcement, so none of them drops it afterwards.
    let heard = 0;
    t.app.ctx.bus.subscribe((topic, id) => {
      if (topic === 'user' && id === String(u.user.id)) heard += 1;
    });
    await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'conversation_count', delta: 1 - current, reason: 'test', refType: 'test' }]);
    await vi.waitFor(() => expect(heard).toBe(ON_POSTGRES ? 2 : 1));
    await t.app.services.userInfo.get(u.user.id);
    // Another process spent the count; this process's cache has not heard yet.
    await t.owned.ctx.db.updateTable('balances').set({ amount: '0' }).where('user_id', '=', u.user.id).where('asset', '=', 'conversation_count').execute();
    fake.next({ chunks: ['never ', 'shown'], delayMs: 50 });
    const res = await stream(base, '/chat/send', { content: 'stale', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(200);
    expect(res.events[0]).toMatchObject({ type: 'start' });
    expect(res.events.at(-1)).toMatchObject({ type: 'error', refused: true, status: 402, code: 'insufficient_conversation_balance', charged: null });
    const conversation = await t.owned.ctx.db.selectFrom('chat_conversations').select('id').where('id', '=', res.events[0]!.conversation_id as number).executeTakeFirst();
    expect(conversation).toBeUndefined();
    const rows = await t.owned.ctx.db.selectFrom('chat_messages').select('id').where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('a conversation deleted between the ask and its turn: the stream ends refused as not found, nothing is left behind', async () => {
    const u = await makeUser(t.app);
    const first = await stream(base, '/chat/send', { content: 'first', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    const conversationId = first.events[0]!.conversation_id as number;
    // The model is slow to its first chunk, so the turn is written at the 200 ms mark; the delete lands before.
    fake.next({ chunks: ['late'], delayMs: 400 });
    const res = await stream(base, '/chat/send', { conversation_id: conversationId, content: 'second', model: 'env:fake-model' }, {
      token: u.token,
      locale: 'en',
      onEvent: (event) => {
        if (event.type === 'start') void callApi(t.app, api.chatDelete, { token: u.token, body: { conversation_id: conversationId } });
      },
    });
    expect(res.events.at(-1)).toMatchObject({ type: 'error', refused: true, status: 404, code: 'not_found', charged: null });
    const rows = await t.owned.ctx.db.selectFrom('chat_messages').select('id').where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('the turn\'s ids cannot be reserved after the model\'s request started: a JSON 500, the request cancelled, nothing stored', async () => {
    const u = await makeUser(t.app);
    const sent = fake.requests.length;
    const abortedBefore = fake.aborted;
    fake.next({ chunks: ['never ', 'shown'], delayMs: 50 });
    // The reservation fails only once the model has the request, so the cancellation has something to cancel.
    const take = vi.spyOn(IdBlocks.prototype, 'take').mockImplementationOnce(async () => {
      await until(() => fake.requests.length > sent);
      throw new Error('sequence unavailable');
    });
    try {
      const res = await stream(base, '/chat/send', { content: 'no ids', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
      expect(res.status).toBe(500);
      expect(res.json).toMatchObject({ code: 0, msg: 'Server exception' });
    } finally {
      take.mockRestore();
    }
    expect(fake.requests.length - sent).toBe(1);
    // Cancelled, not answered to the end: its script takes 100 ms, and a finished answer is never counted as aborted.
    await until(() => fake.aborted - abortedBefore === 1);
    const rows = await t.owned.ctx.db.selectFrom('chat_messages').select('id').where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(0);
    const after = await stream(base, '/chat/send', { content: 'again', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    expect(after.events.at(-1)).toMatchObject({ type: 'end', status: 'done' });
  });

  it('answers left generating by a dead run are failed at start; the server keeps serving', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['x'], holdAfter: 0 });
    let answerId: unknown;
    const pending = stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token, onEvent: (e) => void (e.type === 'start' && (answerId = e.assistant_message_id)) });
    await until(() => fake.holding === 1);
    await until(async () => (await t.owned.ctx.db.selectFrom('chat_messages').select('id').where('id', '=', String(answerId)).executeTakeFirst()) !== undefined);
    if (t.owned.ctx.dbKind === 'pglite') {
      // A new runner (as after a restart) fails what a previous run left generating.
      const fresh = new AnswerRunner(t.owned.ctx, t.app.services.ledger, t.app.log);
      await fresh.start();
      await fresh.stopAll();
      expect((await answerRow(answerId)).status).toBe('failed');
    }
    fake.release();
    await pending;
    expect((await answerRow(answerId)).status).not.toBe('generating');
    const ok = await stream(base, '/chat/send', { content: 'still there?', model: 'env:fake-model' }, { token: u.token });
    expect(ok.events.at(-1)).toMatchObject({ type: 'end', status: 'done' });
    const left = await t.owned.ctx.db.selectFrom('chat_messages').select('id').where('status', '=', 'generating').execute();
    expect(left).toHaveLength(0);
  });
});

describe.skipIf(!ON_POSTGRES)('stop across two app processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let a: TestApp;
  let b: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    two = await createTwoApps({ AI_BASE_URL: fake.url, AI_MODELS: 'm' });
    ({ a, b } = two);
  });
  afterAll(async () => {
    await two?.close();
    await fake?.close();
  });

  it('/chat/stop on B stops the answer streaming on A within about a second', async () => {
    const base = await listen(a.app);
    const u = await makeUser(a.app);
    fake.next({ chunks: ['from A ', 'never'], holdAfter: 1 });
    let stopCall: Promise<{ status: number; body: { data: { status: string } } }> | undefined;
    const started = Date.now();
    const res = await stream(base, '/chat/send', { content: 'hi' }, {
      token: u.token,
      onEvent: (e, all) => {
        const answer = all[0]?.assistant_message_id;
        if (e.type === 'delta') stopCall ??= callApi(b.app, api.chatStop, { token: u.token, body: { message_id: answer } });
      },
    });
    expect(res.events.at(-1)).toMatchObject({ type: 'end', status: 'stopped' });
    expect(textOf(res.events)).toBe('from A ');
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await stopCall)?.status).toBe(200);
    fake.release();
  });
});
