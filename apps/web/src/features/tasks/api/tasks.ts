import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** Query keys of the daily tasks. */
export const tasksKeys = {
  all: ['tasks'] as const,
  list: (locale: string) => ['tasks', locale] as const,
};

export const tasksQuery = (locale: string) =>
  queryOptions({ queryKey: tasksKeys.list(locale), queryFn: ({ signal }) => request(api.taskLists, undefined, { signal, silent: true }) });

/** Not retried (not idempotent on the wire); the server grants once per day anyway. */
export const signIn = () => request(api.taskSignin, {}, { silent: true });
