/** A lane's waiting jobs in claim order, as `waitingOrder` reads them. */
export interface WaitingOrder {
  order: { id: string; slot_key: string | null }[];
  maxId: bigint;
}

interface Snapshot {
  startedAt: number;
  positions: Map<string, number>;
  /** Each waiting job's group of positions (its slot, or one group for all). */
  groups: Map<string, string>;
  maxId: bigint;
}

/** Removals are kept this long for reads that started before them (bounded by how long a read can take). */
const REMOVALS_KEEP_MS = 10_000;

/** Takes a job out of a snapshot; the jobs behind it in its group move up one. */
function takeOut(snapshot: Snapshot, id: string): void {
  const group = snapshot.groups.get(id);
  const place = snapshot.positions.get(id);
  if (group === undefined || place === undefined) return;
  snapshot.positions.delete(id);
  snapshot.groups.delete(id);
  for (const [other, position] of snapshot.positions) if (position > place && snapshot.groups.get(other) === group) snapshot.positions.set(other, position - 1);
}

/**
 * Queue positions for pages that poll every job every half second: one read
 * of the whole order serves every poll for `ttlMs` (and every poll that asks
 * meanwhile waits for the same read), instead of one ranking per poll. A job
 * newer than the snapshot (its id above the highest id read) makes a fresh
 * read. This process's claims and cancels take their job out of the
 * snapshot (the jobs behind it in its group move up one), since a claim
 * comes several times a second and a fresh read of the whole order is the
 * dearest statement of the queue; anything else that changes the order (a
 * retry, a job that ends holding its slot) drops it. Jobs not in the order
 * are not waiting: position 0.
 */
export class QueuePositions {
  private snapshot: Snapshot | null = null;
  private readonly removals = new Map<string, number>();
  private loading: { startedAt: number; done: Promise<Snapshot> } | null = null;

  constructor(
    private readonly read: () => Promise<WaitingOrder>,
    private readonly bySlot: () => boolean,
    private readonly ttlMs: number,
  ) {}

  invalidate(): void {
    this.snapshot = null;
  }

  /** `id` left the waiting jobs here (claimed or cancelled). A read under way answers without it too. */
  removed(id: string): void {
    const now = Date.now();
    this.removals.set(id, now);
    for (const [old, at] of this.removals) if (at < now - REMOVALS_KEEP_MS) this.removals.delete(old);
    if (this.snapshot) takeOut(this.snapshot, id);
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
      const groups = new Map<string, string>();
      for (const job of waiting.order) {
        const slot = this.bySlot() ? (job.slot_key ?? '') : '';
        const n = ahead.get(slot) ?? 0;
        positions.set(job.id, n);
        groups.set(job.id, slot);
        ahead.set(slot, n + 1);
      }
      const snapshot = { startedAt, positions, groups, maxId: waiting.maxId };
      for (const [id, at] of this.removals) if (at >= startedAt) takeOut(snapshot, id);
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
