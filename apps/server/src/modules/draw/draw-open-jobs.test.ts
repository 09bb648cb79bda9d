import { describe, expect, it } from 'vitest';
import type { DrawJobRow } from './draw.repository.js';
import { OpenDrawJobs, type OpenDrawJob, type OpenDrawJobsRead } from './draw-open-jobs.js';

function job(id: number, userId: number, status: 'queued' | 'running', progress = 0): OpenDrawJob {
  const row = { id, user_id: userId, kind: 'draw', status, progress, provider_queue: null, preview_key: null } as Pick<DrawJobRow, 'id' | 'user_id' | 'kind' | 'status' | 'progress' | 'provider_queue' | 'preview_key'>;
  return { row: row as DrawJobRow, queueId: status === 'queued' ? `q${id}` : null };
}

/** A database stand-in whose reads are counted and can be held open, with a clock the test moves. */
function harness(initial: OpenDrawJob[]) {
  const state = { jobs: initial, maxId: Math.max(0, ...initial.map((j) => j.row.id)), reads: 0, now: 1_000 };
  let release: (() => void) | null = null;
  let hold = false;
  const read = async (): Promise<OpenDrawJobsRead> => {
    state.reads += 1;
    const seen = { jobs: [...state.jobs], maxId: state.maxId };
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return seen;
  };
  const view = new OpenDrawJobs(read, 250, () => state.now);
  return {
    state,
    view,
    holdReads: () => (hold = true),
    releaseRead: () => {
      hold = false;
      release?.();
    },
  };
}

describe('OpenDrawJobs', () => {
  it('serves every poll within the time to live from one read', async () => {
    const { state, view } = harness([job(1, 7, 'queued'), job(2, 8, 'running', 40)]);
    const answers = await Promise.all([view.find(7, 1, 'draw'), view.find(8, 2, 'draw'), view.find(7, 1, 'draw')]);
    expect(answers.map((a) => a?.row.id)).toEqual([1, 2, 1]);
    state.now += 200;
    await view.find(8, 2, 'draw');
    expect(state.reads).toBe(1);
    state.now += 100;
    await view.find(8, 2, 'draw');
    expect(state.reads).toBe(2);
  });

  it("answers null for a job that is not open, another user's job or another kind", async () => {
    const { view } = harness([job(1, 7, 'queued'), job(3, 7, 'running')]);
    expect(await view.find(7, 2, 'draw')).toBeNull();
    expect(await view.find(8, 1, 'draw')).toBeNull();
    expect(await view.find(7, 3, 'qrcode')).toBeNull();
  });

  it('reads afresh for a job newer than the snapshot', async () => {
    const { state, view } = harness([job(1, 7, 'queued')]);
    await view.find(7, 1, 'draw');
    state.jobs = [...state.jobs, job(2, 7, 'queued')];
    state.maxId = 2;
    expect((await view.find(7, 2, 'draw'))?.row.id).toBe(2);
    expect(state.reads).toBe(2);
  });

  it("applies this process's progress to a snapshot read before it", async () => {
    const { state, view } = harness([job(2, 8, 'running', 10)]);
    await view.find(8, 2, 'draw');
    state.now += 10;
    view.progressed(2, { progress: 55, provider_queue: null, preview_key: 'p.png' });
    const seen = await view.find(8, 2, 'draw');
    expect(seen?.row.progress).toBe(55);
    expect(seen?.row.preview_key).toBe('p.png');
    expect(state.reads).toBe(1);
  });

  it("applies a job this process marked running, and reads an ended job from the database, without a fresh read", async () => {
    const { state, view, holdReads, releaseRead } = harness([job(1, 7, 'queued'), job(2, 8, 'running', 60)]);
    expect((await view.find(7, 1, 'draw'))?.queueId).toBe('q1');
    state.now += 10;
    view.running({ ...job(1, 7, 'running').row, progress: 0 });
    view.ended(2);
    const claimed = await view.find(7, 1, 'draw');
    expect(claimed?.row.status).toBe('running');
    expect(claimed?.queueId).toBeNull();
    expect(await view.find(8, 2, 'draw')).toBeNull();
    expect(state.reads).toBe(1);
    // A read that started before the changes still answers with them; one that started after has them itself.
    state.now += 300;
    holdReads();
    const during = view.find(7, 1, 'draw');
    state.now += 5;
    view.progressed(1, { progress: 30, provider_queue: null, preview_key: null });
    releaseRead();
    expect((await during)?.row).toMatchObject({ status: 'running', progress: 30 });
    expect(state.reads).toBe(2);
  });

  it('does not use a read that started before an invalidation', async () => {
    const { state, view, holdReads, releaseRead } = harness([job(1, 7, 'queued')]);
    holdReads();
    const early = view.find(7, 1, 'draw');
    state.now += 5;
    state.jobs = [job(1, 7, 'running')];
    view.invalidate();
    releaseRead();
    expect((await early)?.row.status).toBe('queued');
    expect((await view.find(7, 1, 'draw'))?.row.status).toBe('running');
    expect(state.reads).toBe(2);
  });
});
