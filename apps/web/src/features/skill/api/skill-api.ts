import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, SkillCategory } from '@xueba/contract';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const skillKeys = {
  all: ['skill'] as const,
  list: (locale: Locale, signedIn: boolean, filter: SkillFilter) => ['skill', 'list', locale, signedIn, filter] as const,
  detail: (id: number, locale: Locale) => ['skill', 'detail', id, locale] as const,
};

export interface SkillFilter {
  category?: SkillCategory;
  keyword?: string;
  favorites?: boolean;
}

export const skillListQuery = (locale: Locale, signedIn: boolean, filter: SkillFilter) =>
  queryOptions({
    queryKey: skillKeys.list(locale, signedIn, filter),
    queryFn: ({ signal }) =>
      request(api.skillLists, { category: filter.category, keyword: filter.keyword || undefined, favorites: filter.favorites ? '1' : undefined }, { signal }),
    staleTime: 30_000,
  });

/** One enabled skill; unknown or turned off answers the error (`skill_not_found`), which the chat shows. */
export function useSkillDetail(id: number | null, locale: Locale) {
  return useQuery({
    queryKey: skillKeys.detail(id ?? 0, locale),
    queryFn: ({ signal }) => request(api.skillDetail, { id: id ?? 0 }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}

export async function setSkillFavorite(id: number, favorite: boolean): Promise<boolean> {
  const result = await request(api.skillFavorite, { id, favorite }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: skillKeys.all });
  return result.favorite;
}
