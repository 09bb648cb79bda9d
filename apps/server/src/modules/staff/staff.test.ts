import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, type Endpoint } from '@xueba/contract';
import { call, callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { asQuery, sampleRequest } from '../../test/request-sample.js';

/** Money, settings and roles: administrators only, never operators (docs/decisions/0036-staff-roles.md). */
const ADMIN_ONLY = [
  'users',
  'userDetail',
  'adjustBalance',
  'setMembership',
  'setUserDisabled',
  'adminSetUserRole',
  'getSettings',
  'saveSettings',
  'outbox',
  'ledgerAudit',
  'adminOrders',
  'adminOrderRefund',
  'adminPackageSave',
  'adminRedeemBatch',
  'adminWithdrawApprove',
  'adminWithdrawReject',
  'adminWithdrawPaid',
  'adminCommissions',
  'adminPromotionSettingsSave',
  'adminTaskSave',
  'adminAiChannelSave',
  'adminAiSettingsSave',
  'adminDrawChannelSave',
  'adminDrawSettingsSave',
  'adminQrSettingsSave',
  'adminSmsSave',
  'saveOauth',
  'adminSetPaperSource',
  'adminWebviewSave',
] as const;

/** Content: operators run it. */
const OPERATOR = ['adminTemplates', 'adminTemplateSave', 'adminTemplateDelete', 'adminTemplateCategories', 'adminTemplateCategorySave', 'adminTemplateCategoryDelete', 'adminSquareList', 'adminSquareReview', 'adminQrcode', 'adminQrTemplateSave', 'adminQrTemplateDelete'] as const;

/** A request the endpoint's schemas accept, so the answer is about the role and not about the input. */
function sample(endpoint: Endpoint): { body?: unknown; query?: Record<string, string> } {
  return {
    ...(endpoint.body ? { body: sampleRequest(endpoint.body, null) } : {}),
    ...(endpoint.query ? { query: asQuery(sampleRequest(endpoint.query, null)) } : {}),
  };
}

function valid(endpoint: Endpoint): boolean {
  const s = sample(endpoint);
  return (!endpoint.body || z.safeParse(endpoint.body, s.body).success) && (!endpoint.query || z.safeParse(endpoint.query, s.query).success);
}

describe('staff roles: operator (content, feedback, support) and administrator (money, settings, roles)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let operator: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeUser(t.app, { role: 'admin' });
    operator = await makeUser(t.app, { role: 'operator' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the contract puts money, settings and roles at admin and content at operator', () => {
    const endpoints = api as Record<string, Endpoint>;
    for (const name of ADMIN_ONLY) expect(endpoints[name]?.auth, name).toBe('admin');
    for (const name of OPERATOR) expect(endpoints[name]?.auth, name).toBe('operator');
    // Every path under /admin is staff-only.
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (endpoint.path.startsWith('/admin')) expect(['admin', 'operator'], name).toContain(endpoint.auth);
    }
  });

  it('walks every staff endpoint: an operator gets 403 from each admin one and passes each operator one; a user passes none', { timeout: 240_000 }, async () => {
    const user = await makeUser(t.app);
    const checked: string[] = [];
    for (const [name, endpoint] of Object.entries(api as Record<string, Endpoint>)) {
      if (endpoint.auth !== 'admin' && endpoint.auth !== 'operator') continue;
      // A sample the schema refuses would answer 400 before the role is looked at; the contract test above covers its level.
      if (!valid(endpoint)) continue;
      const request = sample(endpoint);
      const asUser = await call(t.app, endpoint.method, endpoint.path, { token: user.token, ...request });
      expect(asUser.status, `${name} as a user`).toBe(403);
      // Admin-level endpoints first as the operator: all refused, so nothing is changed by the walk.
      if (endpoint.auth === 'admin') {
        const asOperator = await call(t.app, endpoint.method, endpoint.path, { token: operator.token, ...request });
        expect(asOperator.status, `${name} as an operator`).toBe(403);
        checked.push(name);
      }
    }
    for (const [name, endpoint] of Object.entries(api as Record<string, Endpoint>)) {
      if (endpoint.auth !== 'operator' || !valid(endpoint)) continue;
      // A live stream stays open for as long as the operator watches: the first walk checked that a user is refused it.
      if (endpoint.path.endsWith('/stream')) continue;
      const asOperator = await call(t.app, endpoint.method, endpoint.path, { token: operator.token, ...sample(endpoint) });
      expect(asOperator.status, `${name} as an operator: ${JSON.stringify(asOperator.body)}`).not.toBe(403);
      expect(asOperator.status, name).not.toBe(401);
      checked.push(name);
    }
    // Most money/settings endpoints are exercised over HTTP, not only by their contract level.
    expect(checked.filter((n) => (ADMIN_ONLY as readonly string[]).includes(n)).length).toBeGreaterThan(ADMIN_ONLY.length / 2);
    expect(checked).toContain('adjustBalance');
    expect(checked).toContain('adminTemplates');
  });

  it('an administrator sets roles; the change applies to the user’s open session at once; the last administrator stays', async () => {
    const target = await makeUser(t.app);
    expect((await callApi(t.app, api.adminTemplates, { token: target.token })).status).toBe(403);
    // Operators cannot hand out roles.
    expect((await callApi(t.app, api.adminSetUserRole, { token: operator.token, body: { user_id: target.user.id, role: 'admin' } })).status).toBe(403);
    const set = await callApi(t.app, api.adminSetUserRole, { token: admin.token, body: { user_id: target.user.id, role: 'operator' }, locale: 'en' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ data: { id: target.user.id, role: 'operator' }, msg: 'Role updated' });
    expect((await callApi(t.app, api.adminTemplates, { token: target.token })).status).toBe(200);
    expect((await callApi(t.app, api.info, { token: target.token })).body.data.role).toBe('operator');
    expect((await callApi(t.app, api.adjustBalance, { token: target.token, body: { user_id: target.user.id, asset: 'word_count', delta: 5, reason: 'x', idempotency_key: 'operator-adjust-1' } })).status).toBe(403);

    expect((await callApi(t.app, api.adminSetUserRole, { token: admin.token, body: { user_id: 999_999, role: 'user' } })).status).toBe(404);

    // Two administrators: one may step down; the last may not.
    const second = await makeUser(t.app, { role: 'admin' });
    const admins = await t.owned.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    for (const a of admins.filter((x) => x.id !== admin.user.id && x.id !== second.user.id)) {
      await callApi(t.app, api.adminSetUserRole, { token: admin.token, body: { user_id: a.id, role: 'user' } });
    }
    expect((await callApi(t.app, api.adminSetUserRole, { token: admin.token, body: { user_id: second.user.id, role: 'user' } })).status).toBe(200);
    const last = await callApi(t.app, api.adminSetUserRole, { token: admin.token, body: { user_id: admin.user.id, role: 'operator' }, locale: 'en' });
    expect(last.status).toBe(409);
    expect(last.body.msg).toBe('The last administrator cannot be demoted');
    expect((await t.owned.ctx.db.selectFrom('users').select('role').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).role).toBe('admin');
  });
});
