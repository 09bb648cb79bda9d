import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp } from '../../test/helpers.js';

/** The per-process cache of user info against changes announced while it loads. */
describe('user info cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not keep a load that was reading when a change to that user was announced', async () => {
    const { user } = await makeUser(t.app);
    const info = t.app.services.userInfo;
    const loading = info.get(user.id);
    // Announced while the load is still reading (as a ledger write's commit does).
    await t.app.ctx.bus.publish('user', String(user.id));
    await loading;
    // Changed in the database without an announcement: only a fresh read can see it.
    await t.app.ctx.db.updateTable('balances').set({ amount: 4242 }).where('user_id', '=', user.id).where('asset', '=', 'drawing_count').execute();
    const after = await info.get(user.id);
    expect(after?.balance.drawing_count).toBe(4242);
  });
});
