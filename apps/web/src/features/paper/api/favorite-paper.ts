import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import type { PaperDetail } from '@xueba/contract';
import { paperKeys } from './keys';

/** Silent: the button reports the outcome itself (added/removed), so a server toast would double it. */
export const favoritePaper = (id: string) => request(api.paperFavorite, { id }, { silent: true });
export const unfavoritePaper = (id: string) => request(api.paperUnfavorite, { id }, { silent: true });

export function useToggleFavorite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean): Promise<{ is_favorite: boolean }> => (save ? favoritePaper(id) : unfavoritePaper(id)),
    onSuccess: ({ is_favorite }) => {
      // Every cached copy of this paper (one per signed-in user key) gets the new state without a refetch.
      client.setQueriesData<PaperDetail>({ queryKey: paperKeys.detail(id) }, (old) => (old && 'abstract' in old ? { ...old, is_favorite } : old));
    },
  });
}
