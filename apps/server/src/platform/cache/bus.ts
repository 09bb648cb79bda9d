import pg from 'pg';
import { randomToken } from '../crypto.js';
import type { Logger } from '../logger.js';

/**
 * Cache invalidation across processes. Each process caches sessions and user
 * info in memory; a change publishes `topic:id`, and every process (itself
 * included) drops its copy. On PostgreSQL this rides LISTEN/NOTIFY so N app
 * processes stay consistent; the embedded database is single-process, so a
 * local bus is exact there.
 */
/**
 * `papers`: id is the lowest revision an import wrote (search indexes reload from there).
 * `support`: id is `<conversation id>|<owner>`, a change live support streams read again.
 */
export type InvalidationTopic = 'user' | 'session' | 'settings' | 'papers' | 'support';
export type InvalidationHandler = (topic: InvalidationTopic, id: string) => void;

export interface InvalidationBus {
  publish(topic: InvalidationTopic, id: string): Promise<void>;
  subscribe(handler: InvalidationHandler): void;
  close(): Promise<void>;
}

const CHANNEL = 'xueba_invalidate';

export class LocalBus implements InvalidationBus {
  protected handlers: InvalidationHandler[] = [];
  subscribe(handler: InvalidationHandler): void {
    this.handlers.push(handler);
  }
  async publish(topic: InvalidationTopic, id: string): Promise<void> {
    this.deliver(topic, id);
  }
  protected deliver(topic: InvalidationTopic, id: string): void {
    for (const handler of this.handlers) handler(topic, id);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

/** How the listener comes back after its connection is lost. */
export interface ReconnectOptions {
  /** First wait before reconnecting; doubles after each failed attempt (default 500 ms). */
  backoffMs?: number;
  /** Longest wait between attempts (default 30 s); attempts never stop. */
  backoffMaxMs?: number;
  /** While disconnected, caches are dropped this often, so none serves a copy older than this (default 1 s). */
  dropEveryMs?: number;
}

export class PgNotifyBus extends LocalBus {
  private client: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private dropTimer: NodeJS.Timeout | undefined;
  /** The listener's name in pg_stat_activity (an operator sees which process listens; tests find it). */
  readonly applicationName = `xueba-listen ${process.pid} ${randomToken(3)}`;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly log: Logger,
    private readonly reconnect: ReconnectOptions,
  ) {
    super();
  }

  static async start(pool: pg.Pool, connectionString: string, log: Logger, reconnect: ReconnectOptions = {}): Promise<PgNotifyBus> {
    const bus = new PgNotifyBus(pool, connectionString, log, reconnect);
    await bus.listen();
    return bus;
  }

  /** Whether notifications are being received right now. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: this.applicationName });
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      const colon = payload.indexOf(':');
      if (colon < 0) return;
      this.deliver(payload.slice(0, colon) as InvalidationTopic, payload.slice(colon + 1));
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /**
   * The listening connection is gone: notifications sent from now on are
   * missed. Every cache is dropped at once and again every `dropEveryMs`
   * until the listener is back, and reconnecting goes on with backoff for as
   * long as it takes (decision 0002).
   */
  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.log.warn({ err: error ?? undefined }, 'invalidation listener lost: caches dropped until it is back; reconnecting');
    client.end().catch(() => undefined);
    this.dropCaches();
    this.dropTimer = setInterval(() => this.dropCaches(), this.reconnect.dropEveryMs ?? 1000);
    this.dropTimer.unref();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = Math.min((this.reconnect.backoffMs ?? 500) * 2 ** this.failures, this.reconnect.backoffMaxMs ?? 30_000);
    this.reconnectTimer = setTimeout(() => void this.tryReconnect(), delay);
    this.reconnectTimer.unref();
  }

  private async tryReconnect(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.failures += 1;
      this.log.warn({ err: error, failures: this.failures }, 'invalidation listener: reconnect failed; trying again');
      this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    clearInterval(this.dropTimer);
    // Whatever changed while nobody listened was never announced: start over from the database.
    this.dropCaches();
    this.deliver('papers', '0');
    this.log.info({ failures: this.failures }, 'invalidation listener reconnected; caches dropped');
    this.failures = 0;
  }

  /**
   * Tells every subscriber to drop everything it holds. The paper index is
   * reloaded only once the listener is back (from revision 0): it is rebuilt
   * from the database, and a reload while disconnected would read the same
   * rows again after the reconnect.
   */
  private dropCaches(): void {
    this.deliver('user', '*');
    this.deliver('session', '*');
    this.deliver('settings', '*');
  }

  override async publish(topic: InvalidationTopic, id: string): Promise<void> {
    // Local delivery happens through our own LISTEN as well; deliver now too so
    // this process never serves its own stale copy for even a moment.
    this.deliver(topic, id);
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${topic}:${id}`]);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.dropTimer);
    const client = this.client;
    this.client = undefined;
    await super.close();
    await client?.end().catch(() => undefined);
  }
}
