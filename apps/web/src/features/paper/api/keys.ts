/** Query keys of the paper feature, so mutations can update or invalidate exactly what they change. */
export const paperKeys = {
  all: ['paper'] as const,
  search: () => [...paperKeys.all, 'search'] as const,
  detail: (id: string) => [...paperKeys.all, 'detail', id] as const,
};
