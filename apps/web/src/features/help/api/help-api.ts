import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Locale } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** The help centre's sections, articles and FAQ, of one section or matching a search. */
export function useHelpList(locale: Locale, category: number | null, q: string) {
  return useQuery({
    queryKey: ['help', 'list', locale, category, q] as const,
    queryFn: ({ signal }) => request(api.helpList, { category_id: category ?? undefined, q: q || undefined }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useHelpDetail(locale: Locale, id: number) {
  return useQuery({
    queryKey: ['help', 'detail', locale, id] as const,
    queryFn: ({ signal }) => request(api.helpDetail, { id }, { signal, silent: true }),
    retry: false,
  });
}
