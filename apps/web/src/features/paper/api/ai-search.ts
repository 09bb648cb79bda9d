import type { Locale } from '@xueba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { paperKeys } from './keys';

export const AI_SEARCH_PAGE_SIZE = 8;

export const aiSearch = (question: string, signal?: AbortSignal) =>
  request(api.paperAiSearch, { question, page_size: AI_SEARCH_PAGE_SIZE }, { signal, silent: true });

/**
 * A query rather than a mutation: the answer belongs to the URL (back and
 * forward show it again without asking the model twice). Never stale, since a
 * model answer may cost the operator money.
 */
export function aiSearchQuery(question: string, locale: Locale) {
  return queryOptions({
    queryKey: [...paperKeys.all, 'ai', question, locale] as const,
    queryFn: ({ signal }) => aiSearch(question, signal),
    staleTime: Infinity,
  });
}

export function useAiSearch(question: string, locale: Locale, enabled: boolean) {
  return useQuery({ ...aiSearchQuery(question, locale), enabled: enabled && question.trim() !== '' });
}
