import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeKind } from '@xueba/contract';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const noticeKeys = {
  all: ['notice'] as const,
  unread: ['notice', 'unread'] as const,
  list: (page: number, unreadOnly: boolean) => ['notice', 'list', page, unreadOnly] as const,
  preferences: ['notice', 'preferences'] as const,
};

/** The header badge: asked when a page opens and again every minute while the tab is open. */
export function useUnreadNotices(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => request(api.noticeUnread, undefined, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export const noticeListQuery = (page: number, unreadOnly: boolean) =>
  queryOptions({
    queryKey: noticeKeys.list(page, unreadOnly),
    queryFn: ({ signal }) => request(api.noticeList, { page_no: page, page_size: 20, unread: unreadOnly ? '1' : '0' }, { signal }),
    staleTime: 0,
  });

export const noticePreferencesQuery = queryOptions({
  queryKey: noticeKeys.preferences,
  queryFn: ({ signal }) => request(api.noticePreferences, undefined, { signal }),
});

async function refreshAll(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

export async function markNoticeRead(id: number): Promise<void> {
  const { unread } = await request(api.noticeRead, { id }, { silent: true });
  queryClient.setQueryData(noticeKeys.unread, { unread });
  await refreshAll();
}

export async function markAllNoticesRead(): Promise<void> {
  await request(api.noticeReadAll);
  queryClient.setQueryData(noticeKeys.unread, { unread: 0 });
  await refreshAll();
}

export async function saveNoticePreferences(kinds: NoticeKind[]): Promise<void> {
  const saved = await request(api.noticePreferencesSave, { email_kinds: kinds });
  queryClient.setQueryData(noticeKeys.preferences, saved);
}
