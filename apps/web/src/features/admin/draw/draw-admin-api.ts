import { queryOptions } from '@tanstack/react-query';
import type { DrawFamily, SquareStatus } from '@xueba/contract';
import { api, type ApiBody } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const drawAdminKeys = {
  channels: ['admin', 'draw', 'channels'] as const,
  square: ['admin', 'draw', 'square'] as const,
  squarePage: (status: SquareStatus | null, reported: boolean, page: number) => ['admin', 'draw', 'square', status ?? 'all', reported, page] as const,
};

export const MODERATION_PAGE_SIZE = 20;

/** Channels and the drawing settings come in one answer. */
export const drawChannelsQuery = queryOptions({
  queryKey: drawAdminKeys.channels,
  queryFn: ({ signal }) => request(api.adminDrawChannels, undefined, { signal }),
  staleTime: 0,
});

export const moderationQuery = (status: SquareStatus | null, reported: boolean, page: number) =>
  queryOptions({
    queryKey: drawAdminKeys.squarePage(status, reported, page),
    queryFn: ({ signal }) =>
      request(api.adminSquareList, { page_no: page, page_size: MODERATION_PAGE_SIZE, status: status ?? undefined, reported: reported ? '1' : undefined }, { signal }),
    staleTime: 0,
  });

/** What users see changes with the channels (families, sizes, prices) and the square: drop those caches too. */
async function refreshChannels() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: drawAdminKeys.channels }),
    queryClient.invalidateQueries({ queryKey: ['draw'] }),
  ]);
}

const thenRefresh = async <T>(promise: Promise<T>): Promise<T> => {
  const result = await promise;
  await refreshChannels();
  return result;
};

/** Field errors are shown on the form: the request stays silent and the form reports. */
export const saveDrawChannel = (body: ApiBody<'adminDrawChannelSave'>) => thenRefresh(request(api.adminDrawChannelSave, body, { silent: true }));
export const deleteDrawChannel = (id: number) => thenRefresh(request(api.adminDrawChannelDelete, { id }));
export const toggleDrawChannel = (target: { id: number } | { env_family: DrawFamily }, enabled: boolean) =>
  thenRefresh(request(api.adminDrawChannelToggle, { ...target, enabled }));
export const testDrawChannel = (target: { id: number } | { env_family: DrawFamily }) => request(api.adminDrawChannelTest, target, { silent: true });
export const saveDrawSettings = (body: ApiBody<'adminDrawSettingsSave'>) => thenRefresh(request(api.adminDrawSettingsSave, body, { silent: true }));

export async function reviewSquareItem(id: number, action: ApiBody<'adminSquareReview'>['action']) {
  const item = await request(api.adminSquareReview, { id, action });
  await Promise.all([queryClient.invalidateQueries({ queryKey: drawAdminKeys.square }), queryClient.invalidateQueries({ queryKey: ['square'] })]);
  return item;
}
