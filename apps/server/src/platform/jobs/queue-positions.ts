/** A lane's waiting jobs in claim order, as `waitingOrder` reads them. */
export interface WaitingOrder {
  order: { id: string; slot_key: string | null }[];
  maxId: bigint;
}

interface Snapshot {
  startedAt: number;
  positions: Map<string, number>;
  maxId: bigint;
}

/**
 * Queue positions for pages that poll every job every half second: one read
 * of the whole order serves every poll for `ttlMs` (and every poll that asks
 * meanwhile waits for the same read), instead of one ranking per poll. A job
 * newer than the snapshot (its id above the highest id read) makes a fresh
 * read; this process's claims, finishes and cancels drop the snapshot. Jobs
 * not in the order are not waiting: position 0.
 */
export class QueuePositions {
  private snapshot: Snapshot | null = null;
  private loading: { startedAt: number; done: Promise<Snapshot> } | null = null;

  constructor(
    private readonly read: () => Promise<WaitingOrder>,
    private readonly bySlot: () => boolean,
    private readonly ttlMs: number,
  ) {}

  invalidate(): void {
    this.snapshot = null;
  }

  async positions(ids: readonly string[]): Promise<Map<string, number>> {
    const asked = Date.now();
    let snapshot = await this.current(asked - this.ttlMs);
    if (ids.some((id) => !snapshot.positions.has(id) && BigInt(id) > snapshot.maxId)) snapshot = await this.current(asked);
    return new Map(ids.map((id) => [id, snapshot.positions.get(id) ?? 0]));
  }

  /** A snapshot whose read started at `notBefore` or later. */
  private async current(notBefore: number): Promise<Snapshot> {
    if (this.snapshot && this.snapshot.startedAt >= notBefore) return this.snapshot;
    if (this.loading && this.loading.startedAt >= notBefore) return this.loading.done;
    const startedAt = Date.now();
    const done = this.read().then((waiting) => {
      const ahead = new Map<string, number>();
      const positions = new Map<string, number>();
      for (const job of waiting.order) {
        const slot = this.bySlot() ? (job.slot_key ?? '') : '';
        const n = ahead.get(slot) ?? 0;
        positions.set(job.id, n);
        ahead.set(slot, n + 1);
      }
      const snapshot = { startedAt, positions, maxId: waiting.maxId };
      if (!this.snapshot || this.snapshot.startedAt <= startedAt) this.snapshot = snapshot;
      return snapshot;
    });
    const loading = { startedAt, done };
    this.loading = loading;
    void done.finally(() => {
      if (this.loading === loading) this.loading = null;
    }).catch(() => undefined);
    return done;
  }
}
