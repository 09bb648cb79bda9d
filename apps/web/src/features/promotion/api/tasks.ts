import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { promotionKeys } from './keys';

export const tasksQuery = (locale: string) =>
  queryOptions({ queryKey: promotionKeys.tasks(locale), queryFn: ({ signal }) => request(api.taskLists, undefined, { signal, silent: true }) });

/** Not retried (not idempotent on the wire); the server grants once per day anyway. */
export const signIn = () => request(api.taskSignin, {}, { silent: true });
