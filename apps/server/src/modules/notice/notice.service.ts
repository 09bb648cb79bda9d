import { formatMessage, type Locale, type NoticeKind } from '@xueba/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/schema.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { NoticeRepository, type NotificationRow } from './notice.repository.js';
import { noticeText } from './notice-text.js';
import type { NoticeInput, Notifier } from './notifier.js';
import './notice.tables.js';

/** How many mails one drain sends before it looks again (keeps one drain's transaction of claims small). */
const MAIL_BATCH = 20;
/**
 * After a notice written in a caller's transaction, the drain looks again at
 * these delays: on PostgreSQL the first look may come before the caller's
 * COMMIT; whatever they miss, the maintenance sweep mails within a minute.
 */
const RETRY_AFTER_MS = [0, 250, 2_000];

export interface NoticeView {
  id: number;
  kind: NoticeKind;
  title: string;
  body: string;
  params: Record<string, string | number>;
  link: string | null;
  read: boolean;
  created_at: string;
}

/**
 * The notice centre: the one `Notifier` every feature notifies through, the
 * user's list, unread count, marking read and email preferences.
 *
 * A notice is a row (`kind` + `params`), rendered in the reader's language when
 * read and in the user's last-used language when mailed. With the caller's
 * transaction it is written in it; mail waits in the row (`pending`) until the
 * row is committed and visible, so a rolled-back change mails nobody.
 */
export class NoticeService implements Notifier {
  private readonly repo = new NoticeRepository();
  private readonly timers = new Set<NodeJS.Timeout>();
  private draining: Promise<number> | undefined;
  private again = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { siteName: () => Promise<string> },
    private readonly outbox: OutboxService,
  ) {}

  async notify(input: NoticeInput, db?: Kysely<Database>): Promise<void> {
    await this.write(input, null, db);
  }

  /**
   * A notice sent at most once per `dedupeKey` and user (a reminder the
   * periodic sweep finds again each run). Answers whether it was written now.
   */
  notifyOnce(input: NoticeInput, dedupeKey: string, db?: Kysely<Database>): Promise<boolean> {
    return this.write(input, dedupeKey, db);
  }

  private async write(input: NoticeInput, dedupeKey: string | null, db?: Kysely<Database>): Promise<boolean> {
    const conn = db ?? this.ctx.db;
    const mode = input.email ?? 'preference';
    let mail = mode === 'always';
    if (mode === 'preference') mail = ((await this.repo.preferences(conn, input.userId))?.email_kinds ?? []).includes(input.kind);
    const id = await this.repo.insert(conn, {
      userId: input.userId,
      kind: input.kind,
      params: input.params ?? {},
      link: input.link ?? null,
      emailStatus: mail ? 'pending' : 'none',
      dedupeKey,
      now: this.ctx.now(),
    });
    if (id !== undefined && mail) this.scheduleMail(db !== undefined && db.isTransaction);
    return id !== undefined;
  }

  private scheduleMail(inTransaction: boolean): void {
    const delays = inTransaction ? RETRY_AFTER_MS : [0];
    for (const delay of delays) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.drainMail().catch((error: unknown) => this.ctx.log.warn({ err: error }, 'notice mail drain failed; the maintenance sweep retries'));
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /**
   * Mails every committed notice waiting for its mail; one drain at a time per
   * process (a request during a drain makes it look once more). Answers how
   * many it handled. Called after notices and by the maintenance sweep.
   */
  drainMail(): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async (): Promise<number> => {
      let handled = 0;
      do {
        this.again = false;
        for (;;) {
          const claims = await this.repo.claimMail(this.ctx.db, MAIL_BATCH);
          if (claims.length === 0) break;
          const site = await this.deps.siteName();
          for (const claim of claims) {
            handled += 1;
            if (!claim.email) {
              await this.repo.setMailStatus(this.ctx.db, claim.id, 'none');
              continue;
            }
            const { subject, text } = this.mail(claim.kind, claim.params, claim.link, claim.locale, site);
            const delivery = await this.outbox.sendMail({ to: claim.email, subject, text });
            await this.repo.setMailStatus(this.ctx.db, claim.id, delivery.status === 'failed' ? 'failed' : 'sent');
          }
        }
      } while (this.again);
      return handled;
    };
    this.draining = run().finally(() => (this.draining = undefined));
    return this.draining;
  }

  /** Stops the pending looks (the app is closing; the sweep of the next process mails what is left). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private mail(kind: NoticeKind, params: Record<string, string | number>, link: string | null, locale: Locale, site: string): { subject: string; text: string } {
    const { title, body } = noticeText(kind, params, locale);
    const lines = [body];
    const base = this.ctx.env.PUBLIC_URL?.replace(/\/+$/, '');
    if (link && base) lines.push('', formatMessage('notice_mail_open', locale, { url: `${base}${link}` }));
    lines.push('', '—', formatMessage('notice_mail_footer', locale, { site }));
    return { subject: `${site}: ${title}`, text: lines.join('\n') };
  }

  async list(userId: number, locale: Locale, q: { page: number; pageSize: number; unreadOnly: boolean }): Promise<{ list: NoticeView[]; count: number; unread: number }> {
    const [{ rows, count }, unread] = await Promise.all([
      this.repo.page(this.ctx.db, userId, { unreadOnly: q.unreadOnly, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      this.repo.unreadCount(this.ctx.db, userId),
    ]);
    await this.rememberLocale(userId, locale);
    return { list: rows.map((row) => view(row, locale)), count, unread };
  }

  async unread(userId: number, locale: Locale): Promise<number> {
    await this.rememberLocale(userId, locale);
    return this.repo.unreadCount(this.ctx.db, userId);
  }

  /** Answers false when the user has no such notice. */
  markRead(userId: number, id: number): Promise<boolean> {
    return this.repo.markRead(this.ctx.db, userId, id, this.ctx.now());
  }

  markAllRead(userId: number): Promise<number> {
    return this.repo.markAllRead(this.ctx.db, userId, this.ctx.now());
  }

  async preferences(userId: number): Promise<{ email_kinds: NoticeKind[]; has_email: boolean }> {
    const [prefs, user] = await Promise.all([
      this.repo.preferences(this.ctx.db, userId),
      this.ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst(),
    ]);
    return { email_kinds: prefs?.email_kinds ?? [], has_email: Boolean(user?.email) };
  }

  async savePreferences(userId: number, locale: Locale, emailKinds: NoticeKind[]): Promise<{ email_kinds: NoticeKind[]; has_email: boolean }> {
    await this.repo.savePreferences(this.ctx.db, userId, { emailKinds: [...new Set(emailKinds)], locale, now: this.ctx.now() });
    return this.preferences(userId);
  }

  /** Mail follows the language the user last read notices in (the badge asks on every page). */
  private async rememberLocale(userId: number, locale: Locale): Promise<void> {
    const prefs = await this.repo.preferences(this.ctx.db, userId);
    if (prefs?.locale !== locale) await this.repo.savePreferences(this.ctx.db, userId, { locale, now: this.ctx.now() });
  }
}

function view(row: NotificationRow, locale: Locale): NoticeView {
  const { title, body } = noticeText(row.kind, row.params, locale);
  return { id: row.id, kind: row.kind, title, body, params: row.params, link: row.link, read: row.read_at !== null, created_at: row.created_at.toISOString() };
}
