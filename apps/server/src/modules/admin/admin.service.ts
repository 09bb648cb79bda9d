import type { BalanceAsset, Balances, MEMBERSHIP_KINDS, SiteSettings } from '@xueba/contract';
import { pageOffset } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import type { LedgerRow, UserRow } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { AdminRepository } from './admin.repository.js';
import type { MembershipService } from './membership.service.js';

const DETAIL_LEDGER_ROWS = 50;

export function toBalances(raw: Record<string, number> | undefined): Balances {
  return {
    conversation_count: raw?.conversation_count ?? 0,
    drawing_count: raw?.drawing_count ?? 0,
    word_count: raw?.word_count ?? 0,
    session_balance: raw?.session_balance ?? 0,
  };
}

function presentLedger(row: LedgerRow) {
  return {
    id: Number(row.id),
    asset: row.asset,
    delta: Number(row.delta),
    balance_after: Number(row.balance_after),
    reason: row.reason,
    ref_type: row.ref_type,
    ref_id: row.ref_id,
    create_time: row.created_at.toISOString(),
  };
}

/** Use cases of the administration pages. Every caller is an administrator (checked by the route). */
export class AdminService {
  private readonly repo = new AdminRepository();
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'ledger' | 'userInfo' | 'sessions' | 'settings'>,
    private readonly outboxService: OutboxService,
    private readonly memberships: MembershipService,
  ) {}

  async users(query: { keyword?: string; page_no: number; page_size: number }) {
    const { rows, count } = await this.repo.searchUsers(this.ctx.db, {
      keyword: query.keyword,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const balances = await this.repo.balancesOf(this.ctx.db, rows.map((r) => r.id));
    return {
      lists: rows.map((user) => ({
        id: user.id,
        sn: user.sn,
        nickname: user.nickname,
        email: user.email,
        mobile: user.mobile,
        role: user.role,
        disabled: user.disabled,
        create_time: user.created_at.toISOString(),
        balance: toBalances(balances.get(user.id)),
      })),
      count,
      page_no: query.page_no,
      page_size: query.page_size,
    };
  }

  async userDetail(id: number) {
    const user = await this.requireUser(id);
    const [info, ledger] = await Promise.all([this.deps.userInfo.get(id), this.repo.recentLedger(this.ctx.db, id, DETAIL_LEDGER_ROWS)]);
    if (!info) throw notFound('user_not_found');
    return { user: info, disabled: user.disabled, ledger: ledger.map(presentLedger) };
  }

  /** Disabling also ends every session at once (in every process, through the bus). */
  async setDisabled(adminId: number, userId: number, disabled: boolean): Promise<void> {
    if (userId === adminId && disabled) throw badRequest('cannot_disable_self');
    await this.requireUser(userId);
    await this.repo.setDisabled(this.ctx.db, userId, disabled, this.ctx.now());
    if (disabled) await this.deps.sessions.revokeAll(userId);
    else await this.deps.userInfo.invalidate(userId);
  }

  /**
   * Through the ledger, with the admin's idempotency key: a retried click
   * applies once. A deduction past the balance fails with the ledger's
   * insufficient_* error and writes nothing.
   */
  async adjustBalance(adminId: number, input: { user_id: number; asset: BalanceAsset; delta: number; reason: string; idempotency_key: string }): Promise<Balances> {
    await this.requireUser(input.user_id);
    await this.deps.ledger.apply([
      {
        userId: input.user_id,
        asset: input.asset,
        delta: input.delta,
        reason: input.reason,
        refType: 'admin',
        refId: String(adminId),
        idempotencyKey: `admin:${input.idempotency_key}`,
        actorId: adminId,
      },
    ]);
    return toBalances(await this.deps.ledger.balances(input.user_id));
  }

  async setMembership(adminId: number, input: { user_id: number; kind: (typeof MEMBERSHIP_KINDS)[number]; level: 'vip' | 'bvip'; months: number }) {
    const row = await transaction(this.ctx.db, (tx) => this.memberships.grantInTx(tx, { ...input, source: 'admin', ref: String(adminId) }));
    await this.deps.userInfo.invalidate(input.user_id);
    return { kind: input.kind, level: row.level, expires_at: row.expires_at ? row.expires_at.toISOString() : null };
  }

  async ledgerAudit() {
    const mismatches = await this.deps.ledger.repo.audit(this.ctx.db);
    return { mismatches, checked_at: this.ctx.now().toISOString() };
  }

  settings(): Promise<SiteSettings> {
    return this.deps.settings.site();
  }

  saveSettings(settings: SiteSettings): Promise<SiteSettings> {
    return this.deps.settings.saveSite(settings);
  }

  async outbox(query: { channel?: 'email' | 'sms'; page_no: number; page_size: number }) {
    const { rows, count } = await this.outboxService.list({ channel: query.channel, limit: query.page_size, offset: pageOffset(query) });
    return {
      lists: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        status: row.status,
        error: row.error,
        create_time: row.created_at.toISOString(),
      })),
      count,
      page_no: query.page_no,
      page_size: query.page_size,
      transport: this.outboxService.transports(),
    };
  }

  private async requireUser(id: number): Promise<UserRow> {
    const user = await this.repo.findUser(this.ctx.db, id);
    if (!user) throw notFound('user_not_found');
    return user;
  }
}
