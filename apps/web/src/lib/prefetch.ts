/**
 * Route prefetch (spec §9: after 100 ms). The app registers how to load a
 * path's page module; links call prefetchPath on hover/focus.
 */
export const PREFETCH_DELAY_MS = 100;

let loader: ((path: string) => Promise<unknown> | undefined) | null = null;
const done = new Set<string>();

export function registerPrefetcher(fn: (path: string) => Promise<unknown> | undefined): void {
  loader = fn;
}

export function prefetchPath(path: string): void {
  if (!loader || done.has(path)) return;
  done.add(path);
  loader(path)?.catch(() => done.delete(path));
}

/** Schedules a prefetch after the delay; returns a cancel function (the pointer may just pass over). */
export function schedulePrefetch(path: string, delay = PREFETCH_DELAY_MS): () => void {
  const timer = setTimeout(() => prefetchPath(path), delay);
  return () => clearTimeout(timer);
}

/** Prefetches paths once the browser is idle, so later clicks feel instant without slowing the first paint. */
export function prefetchWhenIdle(paths: string[]): () => void {
  const run = () => paths.forEach((p) => prefetchPath(p));
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => setTimeout(run, PREFETCH_DELAY_MS), { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1500);
  return () => clearTimeout(timer);
}
