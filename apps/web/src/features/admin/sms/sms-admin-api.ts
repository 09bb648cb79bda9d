import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { request } from '@/lib/request';

export const smsKeys = { settings: ['admin', 'sms'] as const };

export const smsQuery = queryOptions({
  queryKey: smsKeys.settings,
  queryFn: ({ signal }) => request(api.adminSmsSettings, undefined, { signal }),
  staleTime: 0,
});

export const saveSms = (body: ApiBody<'adminSmsSave'>) => request(api.adminSmsSave, body);
export const testSms = (body: ApiBody<'adminSmsTest'>) => request(api.adminSmsTest, body);
