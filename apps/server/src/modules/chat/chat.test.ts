import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chatStreamEventSchema } from '@xueba/contract';
import { makeUser, switchOffTasks, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { stream, textOf } from '../../test/sse-client.js';
import { startAiTestApp, type AiTestApp } from '../../test/ai-app.js';

async function balance(t: TestApp, userId: number, asset: string): Promise<number> {
  const row = await t.owned.ctx.db.selectFrom('balances').select('amount').where('user_id', '=', userId).where('asset', '=', asset).executeTakeFirst();
  return Number(row?.amount ?? 0);
}

async function setBalance(t: TestApp, userId: number, asset: string, target: number): Promise<void> {
  const delta = target - (await balance(t, userId, asset));
  if (delta !== 0) await t.app.services.ledger.apply([{ userId, asset, delta, reason: 'test', refType: 'test' }]);
}

describe('chat over an OpenAI-compatible upstream', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let ai: AiTestApp;
  beforeAll(async () => {
    ai = await startAiTestApp('sk-env', 'fake-model, other-model');
    ({ t, fake, base, admin } = ai);
    await switchOffTasks(t);
  });
  afterAll(async () => {
    await ai.close();
  });

  it('streams each upstream chunk as its own typed event, stores the turn and charges one count', async () => {
    const u = await makeUser(t.app);
    const before = await balance(t, u.user.id, 'conversation_count');
    fake.next({ chunks: ['The ', 'answer ', 'is $x^2$.'], usage: { prompt_tokens: 30, completion_tokens: 5 } });
    const res = await stream(base, '/chat/send', { content: 'What is the answer?' }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/event-stream; charset=utf-8');
    for (const e of res.events) chatStreamEventSchema.parse(e);
    expect(res.events.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'delta', 'end']);
    expect(textOf(res.events)).toBe('The answer is $x^2$.');
    const start = res.events[0]!;
    expect(start).toMatchObject({ model: 'env:fake-model', offline: false, title: 'What is the answer?' });
    const end = res.events.at(-1)!;
    expect(end).toMatchObject({ status: 'done', usage: { prompt_tokens: 30, completion_tokens: 5 }, charged: { asset: 'conversation_count', amount: 1 }, balance: { conversation_count: before - 1 } });
    expect(await balance(t, u.user.id, 'conversation_count')).toBe(before - 1);

    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'fake-model', stream: true, includeUsage: true, authorization: 'Bearer sk-env' });
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What is the answer?' });

    const messages = await callApi(t.app, api.chatMessages, { token: u.token, query: { conversation_id: String(start.conversation_id) } });
    expect(messages.body.data.lists.map((m) => [m.role, m.status, m.content, m.kind])).toEqual([
      ['user', 'done', 'What is the answer?', 1],
      ['assistant', 'done', 'The answer is $x^2$.', 1],
    ]);
    const ledger = await t.owned.ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', u.user.id).where('reason', '=', 'chat_answer').execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ ref_type: 'chat_message', ref_id: String(start.assistant_message_id), idempotency_key: `chat_messages:answer:${String(start.assistant_message_id)}` });
  });

  it('sends earlier turns as context, keeps the system prompt and drops the oldest beyond the model limit', async () => {
    const channel = await callApi(t.app, api.adminAiChannelSave, { token: admin.token, body: { name: 'Local', base_url: fake.url, api_key: 'sk-db' } });
    expect(channel.status).toBe(200);
    const model = await callApi(t.app, api.adminAiModelSave, {
      token: admin.token,
      body: { channel_id: channel.body.data.id, key: 'small', upstream_model: 'small-upstream', names: { zh: '小模型', en: 'Small' }, billing: { mode: 'per_answer', price: 0 }, context_tokens: 600, max_output_tokens: 100 },
    });
    expect(model.status).toBe(200);
    const u = await makeUser(t.app);
    const long = (n: number) => `Question ${n}: ${'lorem ipsum '.repeat(60)}`.trim();
    fake.setDefault({ chunks: ['ok'] });
    const first = await stream(base, '/chat/send', { content: long(1), model: 'small' }, { token: u.token });
    const conversationId = first.events[0]!.conversation_id;
    for (const n of [2, 3, 4]) await stream(base, '/chat/send', { content: long(n), model: 'small', conversation_id: conversationId }, { token: u.token });
    const last = fake.requests.at(-1)!;
    expect(last.model).toBe('small-upstream');
    expect(last.maxTokens).toBe(100);
    expect(last.authorization).toBe('Bearer sk-db');
    expect(last.messages[0]?.role).toBe('system');
    expect(last.messages.at(-1)?.content).toBe(long(4));
    // 600 tokens minus 100 reserved: two earlier long questions fit at most, and question 1 is dropped first.
    expect(last.messages.some((m) => m.content === long(1))).toBe(false);
    expect(last.messages.some((m) => m.content === long(3))).toBe(true);
    expect(last.messages[1]?.role).toBe('user');
    fake.setDefault({ chunks: ['Hello', ', ', 'world', '!'] });
  });

  it('refuses bad input before the stream with a JSON envelope in the user language', async () => {
    const u = await makeUser(t.app);
    const empty = await stream(base, '/chat/send', { content: '   ' }, { token: u.token, locale: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: 0, msg: 'Please enter a question' });
    const long = await stream(base, '/chat/send', { content: 'x'.repeat(8001) }, { token: u.token, locale: 'en' });
    expect(long.status).toBe(400);
    expect(long.json?.msg).toBe('The question may not exceed 8000 characters');
    const model = await stream(base, '/chat/send', { content: 'hi', model: 'nope' }, { token: u.token, locale: 'en' });
    expect(model.status).toBe(400);
    expect(model.json?.msg).toBe('This model is not available');
    const other = await makeUser(t.app);
    const theirs = await stream(base, '/chat/send', { content: 'hi' }, { token: other.token });
    const foreign = await stream(base, '/chat/send', { content: 'hi', conversation_id: theirs.events[0]!.conversation_id }, { token: u.token });
    expect(foreign.status).toBe(404);
    const stale = await stream(base, '/chat/send', { content: 'hi' }, { token: 'x'.repeat(43) });
    expect(stale.status).toBe(401);
    expect(stale.json?.code).toBe(-1);
    expect(fake.requests.filter((r) => r.messages.at(-1)?.content === '   ')).toHaveLength(0);
  });

  it('gives visitors chat_limit free answers a day, unsaved, then asks them to log in and says why', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await stream(base, '/chat/send', { content: `visitor ${i}` });
      expect(res.status).toBe(200);
      expect(res.events[0]).toMatchObject({ conversation_id: null, assistant_message_id: null });
      expect(res.events.at(-1)).toMatchObject({ type: 'end', charged: null, balance: null });
    }
    const refused = await stream(base, '/chat/send', { content: 'visitor 4' }, { locale: 'en' });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: -1, msg: "Today's free questions are used up; sign in to keep asking" });
  });

  it('checks the balance before the call (402), works exactly at the boundary, and is free for members', async () => {
    const u = await makeUser(t.app);
    await setBalance(t, u.user.id, 'conversation_count', 0);
    const none = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token, locale: 'en' });
    expect(none.status).toBe(402);
    expect(none.json).toMatchObject({ code: 0, msg: 'Insufficient conversation balance' });
    await setBalance(t, u.user.id, 'conversation_count', 1);
    const exact = await stream(base, '/chat/send', { content: 'hi', model: 'env:fake-model' }, { token: u.token });
    expect(exact.events.at(-1)).toMatchObject({ type: 'end', charged: { amount: 1 }, balance: { conversation_count: 0 } });
    expect((await stream(base, '/chat/send', { content: 'again', model: 'env:fake-model' }, { token: u.token })).status).toBe(402);

    await t.owned.ctx.db.insertInto('memberships').values({ user_id: u.user.id, kind: 'academic_ai', level: 'vip', expires_at: null }).execute();
    await t.app.services.userInfo.invalidate(u.user.id);
    const member = await stream(base, '/chat/send', { content: 'member question', model: 'env:fake-model' }, { token: u.token });
    expect(member.status).toBe(200);
    expect(member.events.at(-1)).toMatchObject({ type: 'end', status: 'done', charged: null });
    expect(await balance(t, u.user.id, 'conversation_count')).toBe(0);
  });

  it('bills per 1,000 words from the delivered text, clamped to what is left', async () => {
    const channel = await callApi(t.app, api.adminAiChannelSave, { token: admin.token, body: { name: 'Words', base_url: fake.url } });
    await callApi(t.app, api.adminAiModelSave, {
      token: admin.token,
      body: { channel_id: channel.body.data.id, key: 'wordy', upstream_model: 'wordy', names: { zh: '按字' }, billing: { mode: 'per_1k_words', price: 1000 } },
    });
    const u = await makeUser(t.app);
    await setBalance(t, u.user.id, 'word_count', 10);
    fake.next({ chunks: ['学术', '写作 is fun'] });
    const res = await stream(base, '/chat/send', { content: 'hi', model: 'wordy' }, { token: u.token });
    // 4 CJK characters + 2 Latin words = 6 words at 1 word_count each.
    expect(res.events.at(-1)).toMatchObject({ charged: { asset: 'word_count', amount: 6 }, usage: { words: 6 }, balance: { word_count: 4 } });
    fake.next({ chunks: ['one two three four five six seven'] });
    const clamped = await stream(base, '/chat/send', { content: 'more', model: 'wordy' }, { token: u.token });
    expect(clamped.events.at(-1)).toMatchObject({ charged: { asset: 'word_count', amount: 4 }, balance: { word_count: 0 } });
    expect((await stream(base, '/chat/send', { content: 'more', model: 'wordy' }, { token: u.token, locale: 'en' })).json?.msg).toBe('Insufficient word balance');
  });

  it('lists, searches, renames, exports, regenerates, edits and deletes conversations', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['Photosynthesis converts light.'] }, { chunks: ['Mitochondria make ATP.'] });
    const a = await stream(base, '/chat/send', { content: 'Explain photosynthesis' }, { token: u.token });
    const b = await stream(base, '/chat/send', { content: 'Explain cells' }, { token: u.token });
    const idA = a.events[0]!.conversation_id as number;
    const idB = b.events[0]!.conversation_id as number;
    const list = await callApi(t.app, api.chatConversations, { token: u.token });
    expect(list.body.data.lists.map((c) => c.id)).toEqual([idB, idA]);
    expect(list.body.data.lists[0]?.updated_at).toMatch(/T/);
    const byContent = await callApi(t.app, api.chatConversations, { token: u.token, query: { keyword: 'ATP' } });
    expect(byContent.body.data.lists.map((c) => c.id)).toEqual([idB]);
    const literal = await callApi(t.app, api.chatConversations, { token: u.token, query: { keyword: '%' } });
    expect(literal.body.data.count).toBe(0);

    const renamed = await callApi(t.app, api.chatRename, { token: u.token, body: { conversation_id: idA, title: 'Plants' } });
    expect(renamed.body.data.title).toBe('Plants');
    const exported = await callApi(t.app, api.chatExport, { token: u.token, query: { conversation_id: String(idA) }, locale: 'en' });
    expect(exported.body.data.filename).toBe('Plants.md');
    expect(exported.body.data.markdown).toContain('# Plants');
    expect(exported.body.data.markdown).toContain('## Question\n\nExplain photosynthesis');
    expect(exported.body.data.markdown).toContain('Photosynthesis converts light.');

    fake.next({ chunks: ['Second try.'] });
    const again = await stream(base, '/chat/regenerate', { conversation_id: idA }, { token: u.token });
    expect(textOf(again.events)).toBe('Second try.');
    expect(fake.requests.at(-1)?.messages.filter((m) => m.role !== 'system')).toEqual([{ role: 'user', content: 'Explain photosynthesis' }]);
    let msgs = await callApi(t.app, api.chatMessages, { token: u.token, query: { conversation_id: String(idA) } });
    expect(msgs.body.data.lists.map((m) => m.content)).toEqual(['Explain photosynthesis', 'Second try.']);

    fake.next({ chunks: ['Edited answer.'] });
    const questionId = msgs.body.data.lists[0]!.id;
    const edited = await stream(base, '/chat/edit', { message_id: questionId, content: 'Explain respiration' }, { token: u.token });
    expect(edited.status).toBe(200);
    msgs = await callApi(t.app, api.chatMessages, { token: u.token, query: { conversation_id: String(idA) } });
    expect(msgs.body.data.lists.map((m) => m.content)).toEqual(['Explain respiration', 'Edited answer.']);
    const notQuestion = await stream(base, '/chat/edit', { message_id: msgs.body.data.lists[1]!.id, content: 'x' }, { token: u.token, locale: 'en' });
    expect(notQuestion.json?.msg).toBe('Only questions can be edited');

    const deleted = await callApi(t.app, api.chatDelete, { token: u.token, body: { conversation_id: idA } });
    expect(deleted.status).toBe(200);
    expect((await callApi(t.app, api.chatMessages, { token: u.token, query: { conversation_id: String(idA) } })).status).toBe(404);
  });

  it('bookmarks an answer with its question, lists and searches favorites, and removes them', async () => {
    const u = await makeUser(t.app);
    fake.next({ chunks: ['Use a t-test.'] });
    const res = await stream(base, '/chat/send', { content: 'Which test compares two means?' }, { token: u.token });
    const answerId = res.events[0]!.assistant_message_id as number;
    const added = await callApi(t.app, api.collectionAdd, { token: u.token, body: { message_id: answerId }, locale: 'en' });
    expect(added.body).toMatchObject({ code: 1, show: 1, msg: 'Bookmark added', data: { question: 'Which test compares two means?', answer: 'Use a t-test.' } });
    const twice = await callApi(t.app, api.collectionAdd, { token: u.token, body: { message_id: answerId } });
    expect(twice.body.data.id).toBe(added.body.data.id);
    const question = await callApi(t.app, api.collectionAdd, { token: u.token, body: { message_id: res.events[0]!.user_message_id }, locale: 'en' });
    expect(question.status).toBe(400);
    const msgs = await callApi(t.app, api.chatMessages, { token: u.token, query: { conversation_id: String(res.events[0]!.conversation_id) } });
    expect(msgs.body.data.lists[1]?.favorite_id).toBe(added.body.data.id);
    const found = await callApi(t.app, api.collectionLists, { token: u.token, query: { keyword: 't-test' } });
    expect(found.body.data.count).toBe(1);
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.collectionAdd, { token: other.token, body: { message_id: answerId } })).status).toBe(404);
    await callApi(t.app, api.chatDelete, { token: u.token, body: { conversation_id: res.events[0]!.conversation_id } });
    const kept = await callApi(t.app, api.collectionLists, { token: u.token });
    expect(kept.body.data.lists[0]).toMatchObject({ answer: 'Use a t-test.', message_id: null });
    const removed = await callApi(t.app, api.collectionRemove, { token: u.token, body: { id: added.body.data.id }, locale: 'en' });
    expect(removed.body.msg).toBe('Bookmark removed');
    expect((await callApi(t.app, api.collectionLists, { token: u.token })).body.data.count).toBe(0);
  });

  it('applies the per-user rate limit with a clear message', async () => {
    const u = await makeUser(t.app);
    const settings = await callApi(t.app, api.adminAiSettings, { token: admin.token });
    await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { ...settings.body.data, rate_per_minute: 2 } });
    try {
      expect((await stream(base, '/chat/send', { content: '1' }, { token: u.token })).status).toBe(200);
      expect((await stream(base, '/chat/send', { content: '2' }, { token: u.token })).status).toBe(200);
      const third = await stream(base, '/chat/send', { content: '3' }, { token: u.token, locale: 'en' });
      expect(third.status).toBe(429);
      expect(third.json?.msg).toBe('You are asking too fast: at most 2 questions a minute, please wait a moment');
    } finally {
      await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: settings.body.data });
    }
  });
});
