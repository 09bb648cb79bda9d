import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { latestCode } from '../../test/codes.js';
import { listen } from '../../test/sse-client.js';
import { openLive } from '../../test/support-live-client.js';
import { SUPPORT_PER_MINUTE } from './support.service.js';

export async function makeOperator(t: TestApp): Promise<{ id: number; token: string }> {
  const made = await makeUser(t.app);
  await t.owned.ctx.db.updateTable('users').set({ role: 'operator' }).where('id', '=', made.user.id).execute();
  await t.owned.ctx.bus.publish('user', String(made.user.id));
  return { id: made.user.id, token: made.token };
}

describe('customer service', () => {
  let t: TestApp;
  let base: string;
  let staff: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    staff = await makeOperator(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries messages both ways live, with unread counts on both sides', async () => {
    const user = await makeUser(t.app);
    const operatorLive = await openLive(base, '/admin/support/stream', {}, staff.token);
    const userLive = await openLive(base, '/support/stream', {}, user.token);
    try {
      const sent = await callApi(t.app, api.supportSend, { token: user.token, body: { content: 'My order is not showing' } });
      expect(sent.status, sent.body.msg).toBe(200);
      const conversationId = sent.body.data.conversation.id;
      await operatorLive.waitFor((e) => e.type === 'changed' && e.conversation_id === conversationId);

      const inbox = await callApi(t.app, api.adminSupportList, { token: staff.token });
      expect(inbox.body.data.lists[0]).toMatchObject({ id: conversationId, unread: 1, preview: 'My order is not showing', visitor: false });
      expect(inbox.body.data.unread).toBeGreaterThanOrEqual(1);
      await callApi(t.app, api.adminSupportRead, { token: staff.token, body: { conversation_id: conversationId } });
      expect((await callApi(t.app, api.adminSupportMessages, { token: staff.token, query: { conversation_id: String(conversationId) } })).body.data.conversation.unread).toBe(0);

      const before = userLive.events.length;
      const reply = await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: conversationId, content: 'Let me check that for you' } });
      expect(reply.status).toBe(200);
      await userLive.waitFor((e) => e.type === 'changed' && e.conversation_id === conversationId && userLive.events.indexOf(e) >= before);
      expect((await callApi(t.app, api.supportUnread, { token: user.token })).body.data.unread).toBe(1);
      const state = await callApi(t.app, api.supportState, { token: user.token, body: {} });
      expect(state.body.data.messages.map((m) => [m.sender, m.content])).toEqual([
        ['user', 'My order is not showing'],
        ['operator', 'Let me check that for you'],
      ]);
      await callApi(t.app, api.supportRead, { token: user.token, body: { conversation_id: conversationId } });
      expect((await callApi(t.app, api.supportUnread, { token: user.token })).body.data.unread).toBe(0);
      // The user was watching: notified, but no mail for this reply.
      const notices = await t.owned.ctx.db.selectFrom('notifications').select(['kind', 'email_status']).where('user_id', '=', user.user.id).execute();
      expect(notices).toEqual([{ kind: 'support_replied', email_status: 'none' }]);
    } finally {
      userLive.close();
      operatorLive.close();
    }
  });

  it('asks for a mail to a signed-in user who is away, once for a run of unread answers', async () => {
    const user = await makeUser(t.app);
    const id = (await callApi(t.app, api.supportSend, { token: user.token, body: { content: 'anyone there?' } })).body.data.conversation.id;
    await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: id, content: 'Yes, here' } });
    await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: id, content: 'Still here' } });
    const notices = await t.owned.ctx.db.selectFrom('notifications').select(['kind', 'email_status']).where('user_id', '=', user.user.id).orderBy('id').execute();
    expect(notices.map((n) => n.kind)).toEqual(['support_replied', 'support_replied']);
    expect(notices[0]!.email_status).not.toBe('none');
    expect(notices[1]!.email_status).toBe('none');
  });

  it('refuses a message to a closed conversation; a message without one starts a new conversation', async () => {
    const user = await makeUser(t.app);
    const first = await callApi(t.app, api.supportSend, { token: user.token, body: { content: 'hello' } });
    const id = first.body.data.conversation.id;
    expect((await callApi(t.app, api.adminSupportClose, { token: staff.token, body: { conversation_id: id } })).status).toBe(200);
    const refused = await callApi(t.app, api.supportSend, { token: user.token, locale: 'en', body: { conversation_id: id, content: 'are you there?' } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Customer service closed this conversation; start a new conversation to write again');
    expect((await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: id, content: 'late' } })).status).toBe(409);
    const state = await callApi(t.app, api.supportState, { token: user.token, body: {} });
    expect(state.body.data.conversation).toMatchObject({ id, status: 'closed' });
    const fresh = await callApi(t.app, api.supportSend, { token: user.token, body: { content: 'a new question' } });
    expect(fresh.body.data.conversation.id).not.toBe(id);
    expect(fresh.body.data.conversation.status).toBe('open');
  });

  it('keeps HTML as text, refuses an empty or overlong message, and limits the rate per sender', async () => {
    const user = await makeUser(t.app);
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const sent = await callApi(t.app, api.supportSend, { token: user.token, body: { content: hostile } });
    expect(sent.body.data.message.content).toBe(hostile);
    expect((await callApi(t.app, api.supportSend, { token: user.token, body: { content: '   ' } })).body.key).toBe('support_message_required');
    expect((await callApi(t.app, api.supportSend, { token: user.token, body: { content: 'x'.repeat(1001) } })).body.key).toBe('support_message_too_long');
    for (let i = 1; i < SUPPORT_PER_MINUTE; i += 1) {
      expect((await callApi(t.app, api.supportSend, { token: user.token, body: { content: `line ${i}` } })).status).toBe(200);
    }
    const limited = await callApi(t.app, api.supportSend, { token: user.token, locale: 'en', body: { content: 'one too many' } });
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('support_rate_limited');
  });

  it('lets a visitor in after verifying an email, and mails the visitor an answer while away', async () => {
    const anonymous = await callApi(t.app, api.supportState, { locale: 'en', body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.key).toBe('support_visitor_required');
    const email = 'visitor.support@example.com';
    expect((await callApi(t.app, api.supportVisitorCode, { body: { email } })).status).toBe(200);
    const wrong = await callApi(t.app, api.supportVisitorVerify, { body: { email, code: '000000' } });
    expect(wrong.body.key).toBe('code_invalid');
    expect((await callApi(t.app, api.supportVisitorCode, { body: { email } })).status).toBe(429);
    const verified = await callApi(t.app, api.supportVisitorVerify, { body: { email, code: latestCode(t, email) } });
    const token = verified.body.data.visitor_token;
    expect(verified.body.data.email).toBe(email);

    const sent = await callApi(t.app, api.supportSend, { locale: 'en', body: { visitor_token: token, content: 'Can I pay by invoice?' } });
    expect(sent.status).toBe(200);
    const noPicture = await callApi(t.app, api.supportSend, { body: { visitor_token: token, content: 'see', image: '/files/public/images/2026/01/abc.png' } });
    expect(noPicture.body.key).toBe('support_image_login');
    const inbox = await callApi(t.app, api.adminSupportList, { token: staff.token, query: { keyword: 'visitor.support' } });
    expect(inbox.body.data.lists[0]).toMatchObject({ label: email, visitor: true });

    const conversationId = sent.body.data.conversation.id;
    await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: conversationId, content: 'Yes, choose invoice at checkout' } });
    await callApi(t.app, api.adminSupportReply, { token: staff.token, body: { conversation_id: conversationId, content: 'Anything else?' } });
    const mails = t.logs.filter((line) => line.startsWith(`Mail to ${email}: `) && line.includes('customer service replied'));
    // One mail for the run of unread answers, in the visitor's language, quoting the first.
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Yes, choose invoice at checkout');

    const state = await callApi(t.app, api.supportState, { body: { visitor_token: token } });
    expect(state.body.data).toMatchObject({ visitor_email: email, conversation: { id: conversationId, unread: 2 } });
    // Another visitor token cannot read it; a bad token is refused.
    expect((await callApi(t.app, api.supportState, { body: { visitor_token: 'x'.repeat(32) } })).status).toBe(401);
  });

  it('keeps quick replies for operators and refuses a plain user on every operator endpoint', async () => {
    const saved = await callApi(t.app, api.adminQuickReplySave, { token: staff.token, body: { title: 'Greeting', content: 'Hello! How can I help?', sort: 1 } });
    expect(saved.status).toBe(200);
    const edited = await callApi(t.app, api.adminQuickReplySave, { token: staff.token, body: { id: saved.body.data.id, title: 'Hi', content: 'Hi there', sort: 2 } });
    expect(edited.body.data).toMatchObject({ title: 'Hi', content: 'Hi there' });
    expect((await callApi(t.app, api.adminQuickReplies, { token: staff.token })).body.data.map((q) => q.title)).toContain('Hi');
    await callApi(t.app, api.adminQuickReplyDelete, { token: staff.token, body: { id: saved.body.data.id } });
    expect((await callApi(t.app, api.adminQuickReplies, { token: staff.token })).body.data.map((q) => q.id)).not.toContain(saved.body.data.id);

    const plain = await makeUser(t.app);
    const conversation = (await callApi(t.app, api.supportSend, { token: plain.token, body: { content: 'hi' } })).body.data.conversation.id;
    for (const [endpoint, options] of [
      [api.adminSupportList, {}],
      [api.adminSupportMessages, { query: { conversation_id: String(conversation) } }],
      [api.adminSupportReply, { body: { conversation_id: conversation, content: 'x' } }],
      [api.adminSupportRead, { body: { conversation_id: conversation } }],
      [api.adminSupportClose, { body: { conversation_id: conversation } }],
      [api.adminQuickReplies, {}],
      [api.adminQuickReplySave, { body: { title: 'a', content: 'b' } }],
      [api.adminQuickReplyDelete, { body: { id: 1 } }],
    ] as const) {
      expect((await callApi(t.app, endpoint, { token: plain.token, ...options })).status, endpoint.path).toBe(403);
    }
    const stream = await fetch(`${base}/admin/support/stream`, { method: 'POST', headers: { 'content-type': 'application/json', token: plain.token }, body: '{}' });
    expect(stream.status).toBe(403);
    // Nor can one user write into another's conversation.
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.supportSend, { token: other.token, body: { conversation_id: conversation, content: 'sneaky' } })).status).toBe(404);
  });
});
