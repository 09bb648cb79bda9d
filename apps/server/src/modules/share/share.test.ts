import { api, type Envelope } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';

interface Invite {
  share_id: string;
  link: string;
  invite_count: number;
  click_count: number;
}

describe('share: invite, click, bind, click IDs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://xueba.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A click from a given client address (call() always comes from 127.0.0.1). */
  async function clickFrom(ip: string, shareId: string, token?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/share/click',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      payload: JSON.stringify({ share_id: shareId }),
    });
    return { status: response.statusCode, body: response.json() as Envelope<unknown> };
  }

  it('POST /share/invite gives the link on PUBLIC_URL and the counts; signed out gets -1', async () => {
    const signedOut = await callApi(t.app, api.invite, { body: {}, locale: 'en' });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ code: -1, msg: 'Please log in before proceeding' });

    const owner = await makeUser(t.app);
    const invite = await callApi(t.app, api.invite, { token: owner.token, body: {} });
    expect(invite.status).toBe(200);
    expect(invite.body.data).toEqual({
      share_id: owner.user.share_id,
      link: `https://xueba.example/?share_id=${owner.user.share_id}`,
      invite_count: 0,
      click_count: 0,
      // Invitation rewards: the default offer, nothing earned yet.
      rewards: { enabled: true, unlock: 'first_use', inviter: { conversation_count: 20, word_count: 0, drawing_count: 0 }, invitee: { conversation_count: 10, word_count: 0, drawing_count: 0 } },
      earned: { conversation_count: 0, word_count: 0, drawing_count: 0 },
      rewards_pending: 0,
    });
    // The body is optional (the web app may send none).
    const noBody = await t.app.inject({ method: 'POST', url: '/api/share/invite', headers: { token: owner.token } });
    expect(noBody.statusCode).toBe(200);
  });

  it('uses the request origin when PUBLIC_URL is not set', async () => {
    const bare = await createTestApp();
    try {
      const user = await makeUser(bare.app);
      const response = await bare.app.inject({ method: 'POST', url: '/api/share/invite', headers: { token: user.token, host: 'study.example:8080' } });
      expect((response.json() as Envelope<Invite>).data.link).toBe(`http://study.example:8080/?share_id=${user.user.share_id}`);
    } finally {
      await bare.close();
    }
  });

  it('POST /share/click counts one click per IP per link per day, not the owner, and refuses unknown links', async () => {
    const owner = await makeUser(t.app);
    const shareId = owner.user.share_id;
    expect((await clickFrom('10.0.0.1', shareId)).body.code).toBe(1);
    expect((await clickFrom('10.0.0.1', shareId)).body.code).toBe(1);
    expect((await clickFrom('10.0.0.2', shareId)).body.code).toBe(1);
    await clickFrom('10.0.0.3', shareId, owner.token);
    let invite = await callApi(t.app, api.invite, { token: owner.token, body: {} });
    expect(invite.body.data.click_count).toBe(2);

    t.clock.advance(24 * 60 * 60 * 1000);
    await clickFrom('10.0.0.1', shareId);
    invite = await callApi(t.app, api.invite, { token: owner.token, body: {} });
    expect(invite.body.data.click_count).toBe(3);

    const rows = await t.owned.ctx.db.selectFrom('share_clicks').select(['ip_hash']).where('inviter_id', '=', owner.user.id).execute();
    expect(rows.every((r) => r.ip_hash !== null && !r.ip_hash.includes('10.0.0'))).toBe(true);

    const unknown = await callApi(t.app, api.click, { body: { share_id: 'nobody_has_this' }, locale: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 0, show: 1, msg: 'Invalid invitation link' });

    const malformed = await callApi(t.app, api.click, { body: { share_id: "x' OR 1=1 --" }, locale: 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('Invalid invitation link');
    const missing = await callApi(t.app, api.click, { body: {}, locale: 'en' });
    expect(missing.status).toBe(400);
    const wrongType = await callApi(t.app, api.click, { body: { share_id: 42 }, locale: 'en' });
    expect(wrongType.status).toBe(400);
  });

  it('POST /share/bind binds an inviter once and refuses self, unknown, a second inviter and a cycle of two', async () => {
    const inviter = await makeUser(t.app);
    const invitee = await makeUser(t.app);
    const other = await makeUser(t.app);

    const signedOut = await callApi(t.app, api.bind, { body: { share_id: inviter.user.share_id } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe(-1);

    const self = await callApi(t.app, api.bind, { token: invitee.token, body: { share_id: invitee.user.share_id }, locale: 'en' });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('You cannot invite yourself');

    const unknown = await callApi(t.app, api.bind, { token: invitee.token, body: { share_id: 'no_such_share' }, locale: 'ja' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('招待リンクが無効です');

    const badSn = await callApi(t.app, api.bind, { token: invitee.token, body: { share_id: inviter.user.share_id, user_sn: '<script>' } });
    expect(badSn.status).toBe(400);

    const bound = await callApi(t.app, api.bind, {
      token: invitee.token,
      body: { share_id: inviter.user.share_id, user_sn: 'sn_42' },
    });
    expect(bound.status).toBe(200);
    expect(bound.body.data).toEqual({ bound: true });
    const row = await t.owned.ctx.db.selectFrom('users').select(['inviter_id', 'user_sn']).where('id', '=', invitee.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ inviter_id: inviter.user.id, user_sn: 'sn_42' });

    // A retry of the same binding is a harmless success.
    const again = await callApi(t.app, api.bind, { token: invitee.token, body: { share_id: inviter.user.share_id } });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ bound: true });

    const second = await callApi(t.app, api.bind, { token: invitee.token, body: { share_id: other.user.share_id }, locale: 'en' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: 0, data: { bound: false }, show: 1, msg: 'An inviter is already bound', key: 'share_already_bound' });

    const cycle = await callApi(t.app, api.bind, { token: inviter.token, body: { share_id: invitee.user.share_id }, locale: 'en' });
    expect(cycle.status).toBe(409);
    expect(cycle.body.msg).toBe('You cannot be invited by someone you invited');
    const inviterRow = await t.owned.ctx.db.selectFrom('users').select('inviter_id').where('id', '=', inviter.user.id).executeTakeFirstOrThrow();
    expect(inviterRow.inviter_id).toBeNull();

    const invite = await callApi(t.app, api.invite, { token: inviter.token, body: {} });
    expect(invite.body.data.invite_count).toBe(1);
  });

  it('POST /channel360/bindClickId records click IDs and keeps the first one on a signed-in user', async () => {
    const anonymous = await callApi(t.app, api.bindClickId, { body: { click_id: 'qhclickid-anon-1', channel: '360' } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.code).toBe(1);

    const user = await makeUser(t.app);
    await callApi(t.app, api.bindClickId, { token: user.token, body: { click_id: 'qhclickid-first' } });
    await callApi(t.app, api.bindClickId, { token: user.token, body: { click_id: 'qhclickid-first' } });
    await callApi(t.app, api.bindClickId, { token: user.token, body: { click_id: 'qhclickid-second' } });
    const stored = await t.owned.ctx.db.selectFrom('users').select('click_id').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(stored.click_id).toBe('qhclickid-first');
    const clicks = await t.owned.ctx.db.selectFrom('ad_clicks').select(['click_id', 'user_id', 'channel']).orderBy('id').execute();
    expect(clicks).toEqual([
      { click_id: 'qhclickid-anon-1', user_id: null, channel: '360' },
      { click_id: 'qhclickid-first', user_id: user.user.id, channel: null },
      { click_id: 'qhclickid-second', user_id: user.user.id, channel: null },
    ]);

    // A bad token on an optional-auth call is treated as signed out, not as an error.
    const forged = await callApi(t.app, api.bindClickId, { token: 'forged-token-forged-token-forged', body: { click_id: 'qhclickid-forged' } });
    expect(forged.status).toBe(200);

    for (const body of [{}, { click_id: '' }, { click_id: 'x'.repeat(201) }, { click_id: ['a'] }]) {
      const bad = await callApi(t.app, api.bindClickId, { body, locale: 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(0);
    }
    const malformed = await callApi(t.app, api.bindClickId, { rawBody: '{"click_id":', locale: 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('The request body is not valid JSON');
  });
});
