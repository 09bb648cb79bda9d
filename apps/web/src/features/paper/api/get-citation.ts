import type { CiteFormat } from '@xueba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { paperKeys } from './keys';

export const getCitation = (id: string, format: CiteFormat, signal?: AbortSignal) => request(api.paperCite, { id, format }, { signal, silent: true });

export function citationQuery(id: string, format: CiteFormat) {
  return queryOptions({
    queryKey: [...paperKeys.detail(id), 'cite', format] as const,
    queryFn: ({ signal }) => getCitation(id, format, signal),
    staleTime: Infinity,
  });
}

export function useCitation(id: string, format: CiteFormat) {
  return useQuery(citationQuery(id, format));
}
