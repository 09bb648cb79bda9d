import { api, type ApiBody } from '@/lib/api';
import { queryOptions } from '@tanstack/react-query';
import { userKeys } from '@/lib/auth';
import { request } from '@/lib/request';

export const orgInfoQuery = queryOptions({
  queryKey: userKeys.org,
  queryFn: ({ signal }) => request(api.orgInfo, undefined, { signal, silent: true, background: true }),
  staleTime: 5 * 60_000,
});

export const saveOrg = (body: ApiBody<'setOrgInfo'>) => request(api.setOrgInfo, body);

/** Closing the modal stops it auto-showing for a while (server side); failure to record that is harmless. */
export const logOrgDismissed = () => request(api.logOrgEditNotify, { action: 'dismissed' }, { silent: true, background: true }).catch(() => null);
