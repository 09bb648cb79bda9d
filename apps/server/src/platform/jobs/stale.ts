/**
 * The cut-off before which work marked "in progress" (a generating answer, a
 * locked job) belongs to a run that died. PGlite is one process: whatever is in
 * progress when it starts is left from a dead run, so everything up to now
 * (and a second past it, for clock granularity) is stale. On PostgreSQL other
 * processes may be alive and working, so only what has not moved for
 * `staleMs` is.
 */
export function staleBefore(dbKind: 'pglite' | 'postgres', now: Date, staleMs: number): Date {
  return dbKind === 'pglite' ? new Date(now.getTime() + 1000) : new Date(now.getTime() - staleMs);
}
