import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const FAVORITES_PAGE_SIZE = 10;

/** Favourites, newest first; `keyword` searches question and answer on the server. */
export function useFavorites(keyword: string, page: number) {
  return useQuery({
    queryKey: ['favorites', keyword, page] as const,
    queryFn: ({ signal }) => request(api.collectionLists, { page_no: page, page_size: FAVORITES_PAGE_SIZE, keyword: keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export async function removeFavorite(id: number) {
  await request(api.collectionRemove, { id }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: ['favorites'] });
  // The chat's copy of that answer shows the star; it reloads on the next visit.
  await queryClient.invalidateQueries({ queryKey: ['chat', 'messages'], refetchType: 'none' });
}
