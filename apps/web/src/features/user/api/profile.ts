import { api, type ApiBody } from '@/lib/api';
import { queryOptions } from '@tanstack/react-query';
import { userKeys } from '@/lib/auth';
import { request } from '@/lib/request';
import { uploadImage } from '@/lib/request/upload';

export const setInfo = (body: ApiBody<'setInfo'>) => request(api.setInfo, body);
export const changePassword = (body: ApiBody<'changePassword'>) => request(api.changePassword, body);

/** Spec flow: upload the image, then store its `uri` as the avatar. */
export async function uploadAvatar(file: File) {
  const image = await uploadImage(file, { data: { purpose: 'avatar' } });
  return setInfo({ avatar: image.uri });
}

export function ledgerQuery(page: number, pageSize = 10) {
  return queryOptions({
    queryKey: [...userKeys.all, 'ledger', page, pageSize] as const,
    queryFn: ({ signal }) => request(api.ledger, { page_no: page, page_size: pageSize }, { signal, background: true }),
  });
}
