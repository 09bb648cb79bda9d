import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Locale } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

export const NEWS_PAGE_SIZE = 10;

export const newsKeys = {
  all: ['news'] as const,
  list: (locale: Locale, category: number | null, q: string, page: number) => ['news', 'list', locale, category, q, page] as const,
  detail: (locale: Locale, id: number) => ['news', 'detail', locale, id] as const,
};

/** Published news in the reader's language; the categories come with every page. */
export function useNewsList(locale: Locale, category: number | null, q: string, page: number) {
  return useQuery({
    queryKey: newsKeys.list(locale, category, q, page),
    queryFn: ({ signal }) => request(api.newsList, { page_no: page, page_size: NEWS_PAGE_SIZE, category_id: category ?? undefined, q: q || undefined }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** One article; reading it counts a view on the server, so it is asked once per opening. */
export function useNewsDetail(locale: Locale, id: number) {
  return useQuery({
    queryKey: newsKeys.detail(locale, id),
    queryFn: ({ signal }) => request(api.newsDetail, { id }, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
}
