import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { request } from '@/lib/request';

export const oauthKeys = { settings: ['admin', 'oauth'] as const };

export const oauthQuery = queryOptions({
  queryKey: oauthKeys.settings,
  queryFn: ({ signal }) => request(api.getOauth, undefined, { signal }),
  staleTime: 0,
});

export const saveOauth = (body: ApiBody<'saveOauth'>) => request(api.saveOauth, body);
