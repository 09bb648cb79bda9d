import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTwoApps, makeUser, ON_POSTGRES, type TestApp } from '../../test/helpers.js';
import { listen } from '../../test/sse-client.js';
import { openLive } from '../../test/support-live-client.js';

describe.skipIf(!ON_POSTGRES)('customer service across two app processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await createTwoApps();
    ({ a, b } = two);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('pushes a message written on one process to the streams held by the other, and sees presence there', async () => {
    const made = await makeUser(a.app);
    await a.owned.ctx.db.updateTable('users').set({ role: 'operator' }).where('id', '=', made.user.id).execute();
    const staffToken = made.token;
    const user = await makeUser(a.app);
    const operatorOnA = await openLive(await listen(a.app), '/admin/support/stream', {}, staffToken);
    const userOnB = await openLive(await listen(b.app), '/support/stream', {}, user.token);
    try {
      const sent = await callApi(b.app, api.supportSend, { token: user.token, body: { content: 'written on B' } });
      const id = sent.body.data.conversation.id;
      await operatorOnA.waitFor((e) => e.type === 'changed' && e.conversation_id === id);

      const seen = userOnB.events.length;
      await callApi(a.app, api.adminSupportReply, { token: staffToken, body: { conversation_id: id, content: 'answered on A' } });
      await userOnB.waitFor((e) => e.type === 'changed' && e.conversation_id === id && userOnB.events.indexOf(e) >= seen);
      const state = await callApi(b.app, api.supportState, { token: user.token, body: {} });
      expect(state.body.data.messages.map((m) => m.content)).toEqual(['written on B', 'answered on A']);
      // The user's stream is on B, yet A knows the user is there: the notice asks for no mail.
      const notice = await a.owned.ctx.db.selectFrom('support_presence').select('conversation_subject').execute();
      expect(notice.map((row) => row.conversation_subject)).toContain(`u:${user.user.id}`);
    } finally {
      userOnB.close();
      operatorOnA.close();
    }
  });
});
