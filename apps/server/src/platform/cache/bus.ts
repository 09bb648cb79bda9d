import pg from 'pg';

/**
 * Cache invalidation across processes. Each process caches sessions and user
 * info in memory; a change publishes `topic:id`, and every process (itself
 * included) drops its copy. On PostgreSQL this rides LISTEN/NOTIFY so N app
 * processes stay consistent; the embedded database is single-process, so a
 * local bus is exact there.
 */
/** `papers`: id is the lowest revision an import wrote (search indexes reload from there). */
export type InvalidationTopic = 'user' | 'session' | 'settings' | 'papers';
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

export class PgNotifyBus extends LocalBus {
  private client: pg.Client | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    super();
  }

  static async start(pool: pg.Pool, connectionString: string): Promise<PgNotifyBus> {
    const bus = new PgNotifyBus(pool, connectionString);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      const colon = payload.indexOf(':');
      if (colon < 0) return;
      this.deliver(payload.slice(0, colon) as InvalidationTopic, payload.slice(colon + 1));
    });
    // A dropped LISTEN connection would leave caches stale: reconnect, and clear
    // everything because notifications may have been missed meanwhile.
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.deliver('user', '*');
      this.deliver('session', '*');
      this.deliver('settings', '*');
      this.deliver('papers', '0');
      setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  override async publish(topic: InvalidationTopic, id: string): Promise<void> {
    // Local delivery happens through our own LISTEN as well; deliver now too so
    // this process never serves its own stale copy for even a moment.
    this.deliver(topic, id);
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${topic}:${id}`]);
  }

  override async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await super.close();
    await client?.end().catch(() => undefined);
  }
}
