import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTICE_KINDS, LOCALES } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { transaction } from '../../platform/db/transaction.js';
import { noticeText } from './notice-text.js';

/** Mails the outbox holds for one address, oldest first. */
async function mailsTo(t: TestApp, email: string) {
  return t.owned.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).orderBy('id').execute();
}

describe('the Notifier: one way features notify a user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders every kind in every language, with no raw placeholder left', () => {
    for (const kind of NOTICE_KINDS) {
      for (const locale of LOCALES) {
        const { title, body } = noticeText(kind, {}, locale);
        expect(title.length, `${kind} ${locale}`).toBeGreaterThan(0);
        expect(`${title}${body}`).not.toMatch(/\{\w+\}/);
      }
    }
    expect(noticeText('draw_done', { prompt: 'a red fox' }, 'en').body).toBe('Your drawing “a red fox” is finished.');
  });

  it('writes the notice with the caller, and mails only after the caller commits, in the user language', async () => {
    const { user } = await makeUser(t.app);
    const notices = t.app.services.notices;
    await notices.savePreferences(user.id, 'ja', ['order_paid']);
    await transaction(t.owned.ctx.db, async (tx) => {
      await notices.notify({ userId: user.id, kind: 'order_paid', params: { order: 'A1', item: 'VIP', 'item:ja': '会員', amount: '9.90' }, link: '/user/notice' }, tx);
      // Nothing mailed while the change is open (read inside it: on PGlite the one connection is the transaction's).
      expect(await tx.selectFrom('outbox').select('id').where('recipient', '=', user.email!).execute()).toHaveLength(0);
    });
    await vi.waitFor(async () => expect(await mailsTo(t, user.email!)).toHaveLength(1));
    const [mail] = await mailsTo(t, user.email!);
    expect(mail!.subject).toContain('注文の支払いが完了しました');
    expect(mail!.body).toContain('注文 A1（会員、¥9.90）');
    const row = await t.owned.ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'order_paid', link: '/user/notice', email_status: 'sent', read_at: null });
  });

  it('leaves no notice and no mail when the caller rolls back', async () => {
    const { user } = await makeUser(t.app);
    const notices = t.app.services.notices;
    await notices.savePreferences(user.id, 'en', ['draw_done']);
    await expect(
      transaction(t.owned.ctx.db, async (tx) => {
        await notices.notify({ userId: user.id, kind: 'draw_done', params: { prompt: 'x' } }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await notices.drainMail();
    expect(await t.owned.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(await mailsTo(t, user.email!)).toHaveLength(0);
  });

  it('mails by preference only for kinds the user opted in to, always when the sender insists, never when told not to', async () => {
    const { user } = await makeUser(t.app);
    const notices = t.app.services.notices;
    await notices.savePreferences(user.id, 'en', ['doc_processed']);
    await notices.notify({ userId: user.id, kind: 'draw_failed', params: { prompt: 'p' } });
    await notices.notify({ userId: user.id, kind: 'support_replied', email: 'always' });
    await notices.notify({ userId: user.id, kind: 'doc_processed', params: { title: 'Thesis' }, email: 'never' });
    await vi.waitFor(async () => expect(await mailsTo(t, user.email!)).toHaveLength(1));
    await notices.drainMail();
    const states = await t.owned.ctx.db.selectFrom('notifications').select(['kind', 'email_status']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(states).toEqual([
      { kind: 'draw_failed', email_status: 'none' },
      { kind: 'support_replied', email_status: 'sent' },
      { kind: 'doc_processed', email_status: 'none' },
    ]);
    const mails = await mailsTo(t, user.email!);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Customer service replied')]);
    expect(await notices.unread(user.id, 'en')).toBe(3);
  });

  it('writes a reminder once per key', async () => {
    const { user } = await makeUser(t.app);
    const notices = t.app.services.notices;
    const input = { userId: user.id, kind: 'membership_expiring' as const, params: { date: '2030-01-01' } };
    expect(await notices.notifyOnce(input, 'membership:vip:1:x')).toBe(true);
    expect(await notices.notifyOnce(input, 'membership:vip:1:x')).toBe(false);
    expect(await notices.unread(user.id, 'zh')).toBe(1);
  });
});
