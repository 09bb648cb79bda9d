import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminContentSave, ContentCategoryKind, ContentKind, ContentStatus } from '@xueba/contract';
import { api, type ApiBody } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const ADMIN_CONTENT_PAGE_SIZE = 20;
const keys = { all: ['admin', 'content'] as const };

export function useContentList(kind: ContentKind, status: ContentStatus | null, q: string, page: number) {
  return useQuery({
    queryKey: [...keys.all, 'list', kind, status, q, page] as const,
    queryFn: ({ signal }) => request(api.adminContentList, { kind, status: status ?? undefined, q: q || undefined, page_no: page, page_size: ADMIN_CONTENT_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContentCategories(kind: ContentCategoryKind) {
  return useQuery({ queryKey: [...keys.all, 'categories', kind] as const, queryFn: ({ signal }) => request(api.adminContentCategories, { kind }, { signal }) });
}

export const loadArticle = (id: number) => request(api.adminContentDetail, { id });

/** Readers' pages cache news and help: drop those too, so an edit shows at once. */
async function refresh() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: ['news'] }), queryClient.invalidateQueries({ queryKey: ['help'] })]);
}

/** Field errors are shown on the form: the request stays silent and the form reports. */
export async function saveArticle(body: AdminContentSave) {
  const saved = await request(api.adminContentSave, body, { silent: true });
  await refresh();
  return saved;
}

export async function deleteArticle(id: number) {
  await request(api.adminContentDelete, { id });
  await refresh();
}

export async function saveCategory(body: ApiBody<'adminContentCategorySave'>) {
  const saved = await request(api.adminContentCategorySave, body, { silent: true });
  await refresh();
  return saved;
}

export async function deleteCategory(id: number) {
  await request(api.adminContentCategoryDelete, { id });
  await refresh();
}

export async function uploadContentImage(file: File) {
  const { uploadImage } = await import('@/lib/request/upload');
  return uploadImage(file, { silent: true });
}
