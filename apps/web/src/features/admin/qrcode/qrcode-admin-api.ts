import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const qrAdminKeys = { all: ['admin', 'qrcode'] as const };

/** Templates of both kinds and the AI settings come in one answer. */
export const qrAdminQuery = queryOptions({
  queryKey: qrAdminKeys.all,
  queryFn: ({ signal }) => request(api.adminQrcode, undefined, { signal }),
  staleTime: 0,
});

/** The QR page shows the templates and reads the settings: drop its cache too. */
async function refresh() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: qrAdminKeys.all }), queryClient.invalidateQueries({ queryKey: ['qrcode'] })]);
}

const thenRefresh = async <T>(promise: Promise<T>): Promise<T> => {
  const result = await promise;
  await refresh();
  return result;
};

/** Field errors are shown on the form: the request stays silent and the form reports. */
export const saveQrTemplate = (body: ApiBody<'adminQrTemplateSave'>) => thenRefresh(request(api.adminQrTemplateSave, body, { silent: true }));
export const deleteQrTemplate = (id: number) => thenRefresh(request(api.adminQrTemplateDelete, { id }));
export const saveQrSettings = (body: ApiBody<'adminQrSettingsSave'>) => thenRefresh(request(api.adminQrSettingsSave, body, { silent: true }));

export async function uploadThumb(file: File) {
  const { uploadImage } = await import('@/lib/request/upload');
  return uploadImage(file, { silent: true });
}
