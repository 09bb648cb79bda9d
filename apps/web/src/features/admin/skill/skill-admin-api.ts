import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const skillAdminKeys = { all: ['admin', 'skill'] as const };

export const skillAdminQuery = queryOptions({
  queryKey: skillAdminKeys.all,
  queryFn: ({ signal }) => request(api.adminSkillLists, undefined, { signal }),
  staleTime: 0,
});

/** The catalogue and the chat read skills too: drop their caches. */
async function refresh() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: skillAdminKeys.all }), queryClient.invalidateQueries({ queryKey: ['skill'] })]);
}

/** Field errors are shown on the form: the request stays silent and the form reports. */
export async function saveSkill(body: ApiBody<'adminSkillSave'>) {
  const saved = await request(api.adminSkillSave, body, { silent: true });
  await refresh();
  return saved;
}

export async function deleteSkill(id: number) {
  await request(api.adminSkillDelete, { id });
  await refresh();
}

export async function uploadIcon(file: File) {
  const { uploadImage } = await import('@/lib/request/upload');
  return uploadImage(file, { silent: true });
}
