import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { paperKeys } from './keys';

export const getPaperDetail = (id: string, signal?: AbortSignal) => request(api.paperDetail, { id }, { signal, silent: true });

/** `is_favorite` depends on who asks, so the signed-in user is part of the key. */
export function paperDetailQuery(id: string, userId: number | string | null) {
  return queryOptions({
    queryKey: [...paperKeys.detail(id), userId] as const,
    queryFn: ({ signal }) => getPaperDetail(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePaperDetail(id: string, userId: number | string | null) {
  return useQuery(paperDetailQuery(id, userId));
}
