import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { SandboxGateway } from '../commerce/gateways/sandbox.js';
import { membershipReminderTask, MEMBERSHIP_REMINDER_MS } from './notice-sweeps.js';

describe('the notice centre and the notices other features send', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp({ PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
    admin = await makeUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function unread(token: string): Promise<number> {
    return (await callApi(t.app, api.noticeUnread, { token })).body.data.unread;
  }

  it('an order paid through the sandbox notifies its buyer, in the reader’s language; read one, read all', async () => {
    const { user, token } = await makeUser(t.app);
    const pkg = (await callApi(t.app, api.rechargePackages, { locale: 'en' })).body.data.lists[0]!;
    const order = (await callApi(t.app, api.createOrder, { token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    const n = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now).signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'N1' });
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })).statusCode).toBe(200);
    // A repeated notification fulfils nothing again, and notifies nobody again.
    await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body });
    expect(await unread(token)).toBe(1);

    const en = await callApi(t.app, api.noticeList, { token, locale: 'en' });
    expect(en.body.data).toMatchObject({ count: 1, unread: 1 });
    const notice = en.body.data.lists[0]!;
    expect(notice).toMatchObject({ kind: 'order_paid', title: 'Order paid', read: false, link: '/user/orders' });
    expect(notice.body).toContain(order.order_no);
    expect(notice.body).toContain(`¥${(order.amount / 100).toFixed(2)}`);
    expect(notice.body).toContain(pkg.name);
    const zh = await callApi(t.app, api.noticeList, { token, locale: 'zh' });
    expect(zh.body.data.lists[0]!.title).toBe('订单支付成功');

    // Another user can neither read nor mark it.
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.noticeRead, { token: other.token, body: { id: notice.id }, locale: 'en' })).status).toBe(404);
    expect((await callApi(t.app, api.noticeList, { token: other.token })).body.data.count).toBe(0);

    const read = await callApi(t.app, api.noticeRead, { token, body: { id: notice.id } });
    expect(read.body.data.unread).toBe(0);
    expect((await callApi(t.app, api.noticeList, { token })).body.data.lists[0]!.read).toBe(true);

    await t.app.services.notices.notify({ userId: user.id, kind: 'feedback_replied' });
    await t.app.services.notices.notify({ userId: user.id, kind: 'support_replied' });
    expect(await unread(token)).toBe(2);
    expect((await callApi(t.app, api.noticeList, { token, query: { unread: '1' } })).body.data.count).toBe(2);
    expect((await callApi(t.app, api.noticeReadAll, { token })).body.data.unread).toBe(0);
    expect(await unread(token)).toBe(0);
    // Signed out: no notices.
    expect((await callApi(t.app, api.noticeUnread)).status).toBe(401);
  });

  it('email preferences: opt-in per kind, the mail in the language of the last visit', async () => {
    const { user, token } = await makeUser(t.app);
    expect((await callApi(t.app, api.noticePreferences, { token })).body.data).toEqual({ email_kinds: [], has_email: true });
    const saved = await callApi(t.app, api.noticePreferencesSave, { token, locale: 'ko', body: { email_kinds: ['withdrawal_rejected', 'withdrawal_approved', 'withdrawal_approved'] } });
    expect(saved.body.data.email_kinds).toEqual(['withdrawal_rejected', 'withdrawal_approved']);
    expect((await callApi(t.app, api.noticePreferencesSave, { token, body: { email_kinds: ['nope'] } })).status).toBe(400);

    // Withdrawals: commission to withdraw, then the administrator's approval and rejection notify the user.
    await t.app.services.ledger.apply([{ userId: user.id, asset: 'commission', delta: 50_000, reason: 'test', refType: 'test' }]);
    const apply = (amount: number) => callApi(t.app, api.withdrawApply, { token, body: { amount, method: 'alipay', name: 'Kim', account: 'kim@example.com' } });
    const first = (await apply(20_000)).body.data;
    const second = (await apply(10_000)).body.data;
    expect((await callApi(t.app, api.adminWithdrawApprove, { token: admin.token, body: { id: first.id } })).status).toBe(200);
    expect((await callApi(t.app, api.adminWithdrawReject, { token: admin.token, body: { id: second.id, reason: 'account name mismatch' } })).status).toBe(200);
    // Approving again changes nothing and notifies nobody again.
    await callApi(t.app, api.adminWithdrawApprove, { token: admin.token, body: { id: first.id } });

    await vi.waitFor(async () => {
      const mails = await t.owned.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', user.email!).orderBy('id').execute();
      // Mailed in the language of the last visit (Korean) when the mail leaves; each notice's mail goes out on
      // its own drain after commit, so the two may leave in either order. Read before the English visit below.
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining('출금이 승인되었습니다'), expect.stringContaining('출금이 거절되었습니다')]));
    });
    const list = (await callApi(t.app, api.noticeList, { token, locale: 'en' })).body.data.lists;
    expect(list.map((n) => n.kind)).toEqual(['withdrawal_rejected', 'withdrawal_approved']);
    expect(list[0]!.body).toBe('Your withdrawal of ¥100 was rejected: account name mismatch. The amount is back in your commission balance.');
  });

  it('reminds a member three days before the membership ends, once per expiry', async () => {
    const { user, token } = await makeUser(t.app);
    const granted = await callApi(t.app, api.setMembership, { token: admin.token, body: { user_id: user.id, kind: 'academic_ai', level: 'vip', months: 1 } });
    expect(granted.status, granted.body.msg).toBe(200);
    const task = membershipReminderTask(t.owned.ctx, t.app.services.notices);
    const row = await t.owned.ctx.db.selectFrom('memberships').select('expires_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const expires = row.expires_at!.getTime();
    // Four days before: too early.
    await task.run(new Date(expires - MEMBERSHIP_REMINDER_MS - 86_400_000));
    expect(await unread(token)).toBe(0);
    // Within three days: once, however often the sweep runs (two processes, every hour).
    await Promise.all([task.run(new Date(expires - MEMBERSHIP_REMINDER_MS + 60_000)), task.run(new Date(expires - 3_600_000))]);
    await task.run(new Date(expires - 60_000));
    const list = (await callApi(t.app, api.noticeList, { token, locale: 'en' })).body.data.lists;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'membership_expiring', link: '/openvip' });
    expect(list[0]!.body).toContain(new Date(expires).toISOString().slice(0, 10));
    // Ended: no reminder.
    await task.run(new Date(expires + 60_000));
    expect(await unread(token)).toBe(1);
  });
});
