import type { MEMBERSHIP_KINDS } from '@xueba/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { commerceKeys } from './keys';

/** Packages are texts in the request's language, so the locale is part of the key. */
export const memberPackagesQuery = (kind: (typeof MEMBERSHIP_KINDS)[number] | undefined, locale: string) =>
  queryOptions({
    queryKey: [...commerceKeys.packages('member', kind), locale] as const,
    queryFn: ({ signal }) => request(api.memberPackages, { kind }, { signal, silent: true }),
    staleTime: 60_000,
  });

export const rechargePackagesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...commerceKeys.packages('recharge'), locale] as const,
    queryFn: ({ signal }) => request(api.rechargePackages, undefined, { signal, silent: true }),
    staleTime: 60_000,
  });

export const packageDetailQuery = (id: number, locale: string) =>
  queryOptions({
    queryKey: [...commerceKeys.detail(id), locale] as const,
    queryFn: ({ signal }) => request(api.packageDetail, { id }, { signal, silent: true }),
    staleTime: 60_000,
  });
