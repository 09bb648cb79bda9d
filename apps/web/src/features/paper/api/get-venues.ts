import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { paperKeys } from './keys';

export const getVenues = (signal?: AbortSignal) => request(api.paperVenues, undefined, { signal, silent: true, background: true });

export const venuesQuery = queryOptions({
  queryKey: [...paperKeys.all, 'venues'] as const,
  queryFn: ({ signal }) => getVenues(signal),
  staleTime: 10 * 60_000,
});

/** Suggestions for the venue filter; the filter still accepts any text when this fails. */
export function useVenues() {
  return useQuery(venuesQuery);
}
