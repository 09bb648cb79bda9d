import { type SiteSettings } from '@xueba/contract';
import { api, type ApiBody } from '@/lib/api';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { randomId } from '@/lib/uuid';

export const adminKeys = {
  users: (keyword: string, page: number) => ['admin', 'users', keyword, page] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  settings: ['admin', 'settings'] as const,
  outbox: (channel: string, page: number) => ['admin', 'outbox', channel, page] as const,
};

export const usersQuery = (keyword: string, page: number, pageSize = 20) =>
  queryOptions({
    queryKey: adminKeys.users(keyword, page),
    queryFn: ({ signal }) => request(api.users, { keyword: keyword || undefined, page_no: page, page_size: pageSize }, { signal }),
  });

export const userDetailQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => request(api.userDetail, { id }, { signal }) });

export const settingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: ({ signal }) => request(api.getSettings, undefined, { signal }),
  staleTime: 0,
});

export const outboxQuery = (channel: 'email' | 'sms' | '', page: number, pageSize = 20) =>
  queryOptions({
    queryKey: adminKeys.outbox(channel, page),
    queryFn: ({ signal }) => request(api.outbox, { channel: channel || undefined, page_no: page, page_size: pageSize }, { signal }),
  });

export const setUserDisabled = (userId: number, disabled: boolean) => request(api.setUserDisabled, { user_id: userId, disabled });

/** One idempotency key per click: a retried request after a network error adjusts the balance once. */
export const adjustBalance = (body: Omit<ApiBody<'adjustBalance'>, 'idempotency_key'>) =>
  request(api.adjustBalance, { ...body, idempotency_key: randomId() });

/** Grant or extend a membership (months 0 = permanent); the server answers with the resulting membership. */
export const grantMembership = (body: ApiBody<'setMembership'>) => request(api.setMembership, body);

export const saveSettings = (settings: SiteSettings) => request(api.saveSettings, settings);
