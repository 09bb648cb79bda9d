import type { DrawJobRow } from './draw.repository.js';

/** An open (queued or running) drawing and its waiting row in the queue, when it has one. */
export interface OpenDrawJob {
  row: DrawJobRow;
  queueId: string | null;
}

/** Every open drawing, as one read gives them, and the highest drawing id that read could have seen. */
export interface OpenDrawJobsRead {
  jobs: OpenDrawJob[];
  maxId: number;
}

type ProgressPatch = Pick<DrawJobRow, 'progress' | 'provider_queue' | 'preview_key'>;

/** What this process changed in an open job since some time: its row's new values, its queue row, or its end. */
interface Change {
  at: number;
  values: Partial<DrawJobRow>;
  queueId?: string | null;
  ended: boolean;
}

interface Snapshot {
  startedAt: number;
  jobs: Map<number, OpenDrawJob>;
  maxId: number;
}

/** A change this process made is kept this long for snapshots whose read started before it (bounded by how long a read can take). */
const CHANGE_KEEP_MS = 10_000;

/**
 * The open drawings for pages that poll their job every half second: one read
 * of every open job serves every poll for `ttlMs` (and polls that arrive while
 * it runs wait for it), instead of one or two statements per poll. With 200
 * pages open that is a few reads a second instead of hundreds, which would
 * otherwise queue in front of the claims and progress writes on the one
 * embedded connection (docs/decisions/0031-drawing-jobs.md, "Polling").
 *
 * A job newer than the snapshot (its id above the highest id read) makes a
 * fresh read; a job the snapshot does not hold is not open, and the caller
 * reads it from the database (it finished, or it is not this user's).
 * What this process changes patches the snapshot at once (a job marked
 * running, its progress; an ended job is read from the database from then
 * on), since a fresh read of every open job for each of several claims and
 * ends a second would cost more than all the polls; a retry or a cancel
 * drops it. Another process's changes show within `ttlMs`.
 */
export class OpenDrawJobs {
  private snapshot: Snapshot | null = null;
  private loading: { startedAt: number; done: Promise<Snapshot> } | null = null;
  private readonly changes = new Map<number, Change>();
  /** Reads started before the last invalidation are not used. */
  private invalidatedAt = 0;

  constructor(
    private readonly read: () => Promise<OpenDrawJobsRead>,
    private readonly ttlMs = 250,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The open job `id` of `userId` and `kind`, or null when it is not open (or not theirs): read it from the database then. */
  async find(userId: number, id: number, kind: string): Promise<OpenDrawJob | null> {
    const asked = this.clock();
    let snapshot = await this.current(asked - this.ttlMs);
    if (!snapshot.jobs.has(id) && id > snapshot.maxId) snapshot = await this.current(Math.max(asked, snapshot.startedAt + 1));
    const open = snapshot.jobs.get(id);
    if (!open || open.row.user_id !== userId || open.row.kind !== kind) return null;
    const change = this.changes.get(id);
    if (!change || change.at < snapshot.startedAt) return open;
    if (change.ended) return null;
    return { row: { ...open.row, ...change.values }, queueId: change.queueId === undefined ? open.queueId : change.queueId };
  }

  /** This process wrote a running job's progress. */
  progressed(id: number, values: ProgressPatch): void {
    this.change(id, { values });
  }

  /** This process marked a job running (`row` as written): it has left the queue. */
  running(row: DrawJobRow): void {
    this.change(row.id, { values: row, queueId: null });
  }

  /** This process ended a job: polls read it from the database from now on. */
  ended(id: number): void {
    this.change(id, { ended: true });
  }

  /** A job went back to waiting, or was cancelled: the next poll reads afresh. */
  invalidate(): void {
    this.snapshot = null;
    this.invalidatedAt = this.clock();
    this.prune();
  }

  private change(id: number, change: { values?: Partial<DrawJobRow>; queueId?: string | null; ended?: boolean }): void {
    const before = this.changes.get(id);
    this.changes.set(id, {
      at: this.clock(),
      values: { ...before?.values, ...change.values },
      queueId: change.queueId === undefined ? before?.queueId : change.queueId,
      ended: change.ended ?? before?.ended ?? false,
    });
    if (this.changes.size > 64) this.prune();
  }

  private prune(): void {
    const old = this.clock() - CHANGE_KEEP_MS;
    for (const [id, change] of this.changes) if (change.at < old) this.changes.delete(id);
  }

  /** A snapshot whose read started at `notBefore` or later. */
  private async current(asked: number): Promise<Snapshot> {
    const notBefore = Math.max(asked, this.invalidatedAt);
    if (this.snapshot && this.snapshot.startedAt >= notBefore) return this.snapshot;
    if (this.loading && this.loading.startedAt >= notBefore) return this.loading.done;
    const startedAt = this.clock();
    const done = this.read().then(({ jobs, maxId }) => {
      const snapshot: Snapshot = { startedAt, jobs: new Map(jobs.map((job) => [job.row.id, job])), maxId };
      if (startedAt >= this.invalidatedAt && (!this.snapshot || this.snapshot.startedAt <= startedAt)) this.snapshot = snapshot;
      return snapshot;
    });
    const loading = { startedAt, done };
    this.loading = loading;
    try {
      return await done;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }
}
