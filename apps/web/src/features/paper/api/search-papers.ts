import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { api as contractApi, Locale, QueryOf } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { paperKeys } from './keys';

/** The endpoint's query as sent (strings for flags, optional defaults), not as the server parses it. */
export type SearchParamsInput = QueryOf<typeof contractApi.paperSearch>;

export const searchPapers = (params: SearchParamsInput, signal?: AbortSignal) =>
  // Silent: the page shows the server's message in place (with a retry), a toast on top would repeat it.
  request(api.paperSearch, params, { signal, silent: true });

/** The hint the server writes is in the request language, so the locale is part of the key. */
export function searchPapersQuery(params: SearchParamsInput, locale: Locale) {
  return queryOptions({
    queryKey: [...paperKeys.search(), params, locale] as const,
    queryFn: ({ signal }) => searchPapers(params, signal),
    staleTime: 60_000,
  });
}

export function useSearchPapers(params: SearchParamsInput, locale: Locale, enabled = true) {
  // The previous page stays visible (dimmed) while the next one loads instead of flashing empty.
  return useQuery({ ...searchPapersQuery(params, locale), enabled, placeholderData: keepPreviousData });
}
