import type { UserInfo } from '@xueba/contract';
import { pageOffset, type PageQuery } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, unauthorized } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { UserRepository, type OrgRow } from './user.repository.js';

/** How long a shown or dismissed organisation prompt stays quiet. */
export const ORG_PROMPT_QUIET_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a new account is left alone before it is asked for its organisation. */
export const NEW_ACCOUNT_QUIET_MS = 24 * 60 * 60 * 1000;

/** Avatars are paths the upload endpoint returned, or an https URL (e.g. a provider's picture). */
const AVATAR_PATH = /^\/files\/(?:public\/)?images\/[A-Za-z0-9/_.-]+$/;

export function isAllowedAvatar(value: string): boolean {
  if (value === '') return true; // back to the default avatar
  if (AVATAR_PATH.test(value)) return !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export interface OrgInfo {
  id: number | null;
  name: string;
  department: string;
  position: string;
  show_edit: 0 | 1;
}

/** Profile, organisation, user centre and balance history of the signed-in user. */
export class UserService {
  private readonly users = new UserRepository();
  private readonly ledger = new LedgerRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'userInfo'>,
  ) {}

  async info(userId: number): Promise<UserInfo> {
    const info = await this.deps.userInfo.get(userId);
    // The session was valid a moment ago; a vanished user is a login failure, not a 500.
    if (!info) throw unauthorized('login_expired');
    return info;
  }

  async center(userId: number, attribution: { user_sn?: string; channel?: string }) {
    const changed = await this.users.setAttribution(this.ctx.db, userId, attribution.user_sn || null, attribution.channel || null, this.ctx.now());
    if (changed) await this.deps.userInfo.invalidate(userId);
    const [user, org, inviteCount] = await Promise.all([this.info(userId), this.orgInfo(userId), this.users.inviteCount(this.ctx.db, userId)]);
    return { user, org, invite_count: inviteCount };
  }

  async setInfo(userId: number, patch: { nickname?: string; avatar?: string }): Promise<UserInfo> {
    if (patch.avatar !== undefined && !isAllowedAvatar(patch.avatar)) throw badRequest('validation_failed', { field: 'avatar' });
    // Stored verbatim: the nickname is text, and every client escapes it on output.
    await this.users.update(
      this.ctx.db,
      userId,
      { ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}), ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}) },
      this.ctx.now(),
    );
    await this.deps.userInfo.invalidate(userId);
    return this.info(userId);
  }

  async orgInfo(userId: number): Promise<OrgInfo> {
    const [org, user] = await Promise.all([this.users.findOrg(this.ctx.db, userId), this.users.findById(this.ctx.db, userId)]);
    if (org) return present(org, 0);
    const now = this.ctx.now().getTime();
    const prompted = user?.org_prompted_at;
    // A new account first gets to use the product; the question waits for a later day.
    const isNew = user !== undefined && now - user.created_at.getTime() < NEW_ACCOUNT_QUIET_MS;
    const quiet = isNew || (prompted !== null && prompted !== undefined && now - prompted.getTime() < ORG_PROMPT_QUIET_MS);
    return { id: null, name: '', department: '', position: '', show_edit: quiet ? 0 : 1 };
  }

  async setOrgInfo(userId: number, org: { name: string; department: string; position: string }): Promise<OrgInfo> {
    return present(await this.users.upsertOrg(this.ctx.db, userId, org, this.ctx.now()), 0);
  }

  async logOrgPrompt(userId: number): Promise<void> {
    const now = this.ctx.now();
    await this.users.update(this.ctx.db, userId, { org_prompted_at: now }, now);
  }

  async ledgerPage(userId: number, page: PageQuery) {
    const { rows, count } = await this.ledger.history(this.ctx.db, userId, page.page_size, pageOffset(page));
    return {
      lists: rows.map((r) => ({
        id: Number(r.id),
        asset: r.asset,
        delta: Number(r.delta),
        balance_after: Number(r.balance_after),
        reason: r.reason,
        ref_type: r.ref_type,
        ref_id: r.ref_id,
        create_time: r.created_at.toISOString(),
      })),
      count,
      page_no: page.page_no,
      page_size: page.page_size,
    };
  }
}

function present(org: OrgRow, showEdit: 0 | 1): OrgInfo {
  return { id: org.id, name: org.name, department: org.department, position: org.position, show_edit: showEdit };
}
