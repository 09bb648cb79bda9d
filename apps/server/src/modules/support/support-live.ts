import type { SupportStreamEvent } from '@xueba/contract';
import type { InvalidationBus } from '../../platform/cache/bus.js';
import type { AppContext } from '../../platform/context.js';
import { randomToken } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { SseSink } from '../../platform/stream/sse.js';
import type { SupportRepository } from './support.repository.js';

/** Streams refresh their presence this often; a user is away when none of theirs was refreshed within AWAY_AFTER_MS. */
export const PRESENCE_BEAT_MS = 20_000;
export const AWAY_AFTER_MS = 60_000;
/** Operators' streams hear every conversation. */
export const STAFF = 'staff';

interface Listener {
  id: string;
  /** `u:<user id>`, `e:<visitor email>` or `staff`. */
  subject: string;
  sink: SseSink;
  done: () => void;
}

/**
 * Live support: the streams this process holds, fed by the invalidation bus
 * (LISTEN/NOTIFY on PostgreSQL), so a message written by any process reaches
 * every open stream of its owner and of the operators. An event only says
 * which conversation changed; the page reads it again, so nothing is lost
 * when events coalesce. When the bus's listener was lost (it announces
 * `user *`), every stream is told to read everything again.
 */
export class SupportLive {
  private readonly listeners = new Map<string, Listener>();
  private beat: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: SupportRepository,
    bus: InvalidationBus,
  ) {
    bus.subscribe((topic, id) => {
      if (topic === 'support') this.deliver(id);
      else if (topic === 'user' && id === '*') this.broadcast({ type: 'resync' });
    });
  }

  static subjectOf(owner: { userId?: number; email?: string }): string {
    return owner.userId !== undefined ? `u:${owner.userId}` : `e:${owner.email ?? ''}`;
  }

  /** Tells every process that a conversation of `subject` changed. */
  async announce(conversationId: number, subject: string): Promise<void> {
    await this.ctx.bus.publish('support', `${conversationId}|${subject}`);
  }

  /** Whether any stream of the owner is open (on any process); `db` is the caller's transaction when it has one. */
  async present(subject: string, db: Db | Tx = this.ctx.db): Promise<boolean> {
    return this.repo.present(db, subject, new Date(this.ctx.now().getTime() - AWAY_AFTER_MS));
  }

  /** Holds the stream open until the client leaves or the server stops; users' streams count as presence. */
  async hold(sink: SseSink, subject: string): Promise<void> {
    const id = randomToken(12);
    if (subject !== STAFF) await this.repo.presenceEnter(this.ctx.db, id, subject, this.ctx.now());
    await new Promise<void>((resolve) => {
      const listener: Listener = { id, subject, sink, done: resolve };
      this.listeners.set(id, listener);
      this.startBeat();
      sink.onClientClose(resolve);
      sink.send<SupportStreamEvent>({ type: 'ready' });
    });
    this.listeners.delete(id);
    sink.end();
    if (subject !== STAFF) await this.repo.presenceLeave(this.ctx.db, id).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'support presence not removed'));
  }

  /** Ends every stream (the server is stopping): clients reconnect to another process. */
  stop(): void {
    clearInterval(this.beat);
    this.beat = undefined;
    for (const listener of [...this.listeners.values()]) listener.done();
  }

  private deliver(payload: string): void {
    const bar = payload.indexOf('|');
    const conversationId = Number(payload.slice(0, bar));
    const subject = payload.slice(bar + 1);
    if (bar < 0 || !Number.isInteger(conversationId)) return;
    for (const listener of this.listeners.values()) {
      if (listener.subject === subject || listener.subject === STAFF) listener.sink.send<SupportStreamEvent>({ type: 'changed', conversation_id: conversationId });
    }
  }

  private broadcast(event: SupportStreamEvent): void {
    for (const listener of this.listeners.values()) listener.sink.send(event);
  }

  private startBeat(): void {
    if (this.beat) return;
    this.beat = setInterval(() => {
      const now = this.ctx.now();
      const ids = [...this.listeners.values()].filter((l) => l.subject !== STAFF).map((l) => l.id);
      this.repo.presenceBeat(this.ctx.db, ids, now, new Date(now.getTime() - 24 * 3600_000)).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'support presence beat failed'));
    }, PRESENCE_BEAT_MS);
    this.beat.unref();
  }
}
