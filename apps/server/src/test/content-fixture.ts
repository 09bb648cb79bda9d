import sharp from 'sharp';
import { makeUser, type TestApp } from './helpers.js';

export type Staff = { id: number; token: string };

/** A small real PNG, as the editor's image upload sends one. */
export function smallPng(colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
}

/** An operator runs content but not money or settings (the role of the contract's USER_ROLES). */
export async function makeOperator(t: TestApp): Promise<Staff> {
  const made = await makeUser(t.app);
  await t.owned.ctx.db.updateTable('users').set({ role: 'operator' }).where('id', '=', made.user.id).execute();
  return { id: made.user.id, token: made.token };
}
