import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, envelopeSchema } from '@xueba/contract';
import { createTestApp, makeUser, type Called, type TestApp, callApi } from '../../test/helpers.js';
import { NEW_ACCOUNT_QUIET_MS } from './user.service.js';
import { countRows } from '../../test/codes.js';

function expectFail(res: Called<unknown>, status: number, msg: string, code = 0): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code, msg });
}

describe('user: centre, info, profile, organisation, ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /user/info returns spec §3 user info with the four balances', async () => {
    const { user, token } = await makeUser(t.app, { email: 'info@example.com' });
    const res = await callApi(t.app, api.info, { token });
    const parsed = envelopeSchema(api.info.response).parse(res.body);
    expect(parsed.data).toMatchObject({ id: user.id, sn: user.sn, email: 'info@example.com', is_member: 0, member_level: 'none', has_password: true });
    expect(parsed.data.balance).toEqual({ conversation_count: 10, drawing_count: 3, word_count: 10_000, session_balance: 0 });
  });

  it('GET /user/center returns user, org and invite count, and stores first-touch user_sn and channel', async () => {
    const { user, token } = await makeUser(t.app);
    const res = await callApi(t.app, api.center, { token, query: { user_sn: 'abc_1', channel: 'wx.ad' } });
    const parsed = envelopeSchema(api.center.response).parse(res.body);
    expect(parsed.data).toMatchObject({ invite_count: 0, org: { id: null, show_edit: 0 }, user: { id: user.id } });
    await callApi(t.app, api.center, { token, query: { user_sn: 'later', channel: 'other' } });
    const row = await t.app.ctx.db.selectFrom('users').select(['user_sn', 'channel']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_sn: 'abc_1', channel: 'wx.ad' });
    expectFail(await callApi(t.app, api.center, { token, query: { channel: '<script>' }, locale: 'en' }), 400, 'Invalid parameter: channel');
    expectFail(await callApi(t.app, api.center, { locale: 'en' }), 401, 'Please log in before proceeding', -1);
  });

  it('POST /user/setInfo stores script and SQL nicknames verbatim and accepts only uploaded or https avatars', async () => {
    const { user, token } = await makeUser(t.app);
    for (const nickname of ['<script>alert(1)</script>', "Robert'); DROP TABLE users;--", '学霸 🎓 & <b>']) {
      const res = await callApi(t.app, api.setInfo, { token, body: { nickname }, locale: 'en' });
      expect(res.body).toMatchObject({ code: 1, msg: 'Saved', data: { nickname } });
      const again = await callApi(t.app, api.info, { token });
      expect(again.body.data.nickname).toBe(nickname);
    }
    expect(await countRows(t.app, 'users')).toBeGreaterThan(0);
    const avatar = '/files/images/2026/05/abc_def-1.png';
    expect((await callApi(t.app, api.setInfo, { token, body: { avatar } })).body.data.avatar).toBe(avatar);
    expect((await callApi(t.app, api.setInfo, { token, body: { avatar: 'https://cdn.example.com/a.png' } })).body.data.avatar).toBe('https://cdn.example.com/a.png');

    const before = await t.app.ctx.db.selectFrom('users').select(['nickname', 'avatar', 'updated_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const bad = (body: unknown, locale: string) => callApi(t.app, api.setInfo, { token, body, locale });
    expectFail(await bad({ avatar: 'javascript:alert(1)' }, 'en'), 400, 'Invalid parameter: avatar');
    expectFail(await bad({ avatar: 'http://insecure.example.com/a.png' }, 'zh'), 400, '参数错误：avatar');
    expectFail(await bad({ avatar: '/files/images/../../etc/passwd' }, 'en'), 400, 'Invalid parameter: avatar');
    expectFail(await bad({ avatar: '/files/docs/a.pdf' }, 'en'), 400, 'Invalid parameter: avatar');
    expectFail(await bad({ avatar: `https://x.com/${'a'.repeat(600)}` }, 'en'), 400, 'Invalid parameter: avatar');
    expectFail(await bad({ nickname: 'x'.repeat(33) }, 'ja'), 400, 'パラメータが不正です：nickname');
    expectFail(await bad({ nickname: '   ' }, 'en'), 400, 'Invalid parameter: nickname');
    expectFail(await bad({ nickname: 'tab\there' }, 'en'), 400, 'Invalid parameter: nickname');
    expectFail(await bad({ nickname: 42 }, 'ko'), 400, '잘못된 매개변수: nickname');
    expectFail(await bad({}, 'en'), 400, 'Invalid parameter: nickname');
    expectFail(await callApi(t.app, api.setInfo, { token, rawBody: '{"nickname":"x"', locale: 'en' }), 400, 'The request body is not valid JSON');
    const after = await t.app.ctx.db.selectFrom('users').select(['nickname', 'avatar', 'updated_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('organisation: not asked on the first day, then show_edit until set or prompted within 7 days', async () => {
    const { token } = await makeUser(t.app);
    const org = async () => envelopeSchema(api.orgInfo.response).parse((await callApi(t.app, api.orgInfo, { token })).body).data;
    expect((await org()).show_edit).toBe(0);
    t.clock.advance(NEW_ACCOUNT_QUIET_MS + 1000);
    expect(await org()).toEqual({ id: null, name: '', department: '', position: '', show_edit: 1 });
    expect((await callApi(t.app, api.logOrgEditNotify, { token, body: {} })).body.code).toBe(1);
    expect((await org()).show_edit).toBe(0);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await org()).show_edit).toBe(1);
    expectFail(await callApi(t.app, api.logOrgEditNotify, { token, body: { action: 'exploded' }, locale: 'en' }), 400, 'Invalid parameter: action');

    const before = await countRows(t.app, 'orgs');
    expectFail(await callApi(t.app, api.setOrgInfo, { token, body: { name: '' }, locale: 'en' }), 400, 'Invalid parameter: name');
    expectFail(await callApi(t.app, api.setOrgInfo, { token, body: { name: 'x'.repeat(101) }, locale: 'en' }), 400, 'Invalid parameter: name');
    expectFail(await callApi(t.app, api.setOrgInfo, { token, body: { name: 'Uni', position: ['a'] }, locale: 'en' }), 400, 'Invalid parameter: position');
    expect(await countRows(t.app, 'orgs')).toBe(before);
    const saved = await callApi(t.app, api.setOrgInfo, { token, body: { name: 'Tsinghua University', department: 'CS', position: 'PhD student' }, locale: 'en' });
    expect(saved.body).toMatchObject({ code: 1, msg: 'Saved', data: { name: 'Tsinghua University', department: 'CS', position: 'PhD student', show_edit: 0 } });
    const updated = await callApi(t.app, api.setOrgInfo, { token, body: { name: 'Peking University' } });
    expect(updated.body.data).toMatchObject({ id: saved.body.data.id, name: 'Peking University', department: '' });
    expect(await org()).toMatchObject({ id: saved.body.data.id, show_edit: 0 });
  });

  it('GET /user/ledger pages the balance history, newest first', async () => {
    const { user, token } = await makeUser(t.app);
    await t.app.services.ledger.apply([{ userId: user.id, asset: 'conversation_count', delta: 5, reason: 'admin_adjust', refType: 'test' }]);
    const page = await callApi(t.app, api.ledger, { token, query: { page_no: '1', page_size: '2' } });
    const parsed = envelopeSchema(api.ledger.response).parse(page.body).data;
    expect(parsed).toMatchObject({ count: 4, page_no: 1, page_size: 2 });
    expect(parsed.lists[0]).toMatchObject({ asset: 'conversation_count', delta: 5, balance_after: 15, reason: 'admin_adjust' });
    const second = envelopeSchema(api.ledger.response).parse((await callApi(t.app, api.ledger, { token, query: { page_no: '2', page_size: '2' } })).body).data;
    expect(second.lists).toHaveLength(2);
    expect(second.lists.every((r) => r.reason === 'signup_gift')).toBe(true);
    expectFail(await callApi(t.app, api.ledger, { token, query: { page_size: '1000' }, locale: 'en' }), 400, 'Invalid parameter: page_size');
    expectFail(await callApi(t.app, api.ledger, { token, query: { page_no: 'abc' }, locale: 'en' }), 400, 'Invalid parameter: page_no');
  });
});
