import { type Locale, type PolicyType } from '@xueba/contract';
import { api } from '@/lib/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** The server answers in the request's language, so the locale is part of the cache key. */
export function policyQuery(type: PolicyType, locale: Locale) {
  return queryOptions({
    queryKey: ['policy', type, locale] as const,
    queryFn: ({ signal }) => request(api.policy, { type }, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}

export function usePolicy(type: PolicyType, locale: Locale) {
  return useQuery(policyQuery(type, locale));
}
