export type DateGroup = 'today' | 'yesterday' | 'week' | 'earlier';
export const DATE_GROUPS: DateGroup[] = ['today', 'yesterday', 'week', 'earlier'];

/** Which group a timestamp falls in, by the reader's local calendar days (not 24-hour windows). */
export function dateGroup(iso: string, now: Date = new Date()): DateGroup {
  const date = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 24 * 60 * 60 * 1000;
  const time = date.getTime();
  if (Number.isNaN(time) || time >= startOfToday) return 'today';
  if (time >= startOfToday - day) return 'yesterday';
  if (time >= startOfToday - 6 * day) return 'week';
  return 'earlier';
}

/** Conversations in the four groups of the sidebar, keeping the server's newest-first order inside each. */
export function groupByDate<T extends { updated_at: string }>(items: T[], now: Date = new Date()): { group: DateGroup; items: T[] }[] {
  const buckets = new Map<DateGroup, T[]>(DATE_GROUPS.map((g) => [g, []]));
  for (const item of items) buckets.get(dateGroup(item.updated_at, now))?.push(item);
  return DATE_GROUPS.map((group) => ({ group, items: buckets.get(group) ?? [] })).filter((g) => g.items.length > 0);
}
