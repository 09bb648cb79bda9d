import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const createKeys = {
  templates: ['create', 'templates'] as const,
  history: (templateId: number | null, keyword: string, page: number) => ['create', 'history', templateId, keyword, page] as const,
};

/** Enabled templates and categories in the request locale. */
export const templatesQuery = queryOptions({
  queryKey: createKeys.templates,
  queryFn: ({ signal }) => request(api.createTemplates, undefined, { signal }),
  staleTime: 5 * 60_000,
});

export function useTemplates() {
  return useQuery(templatesQuery);
}

export const HISTORY_PAGE_SIZE = 10;

export function useHistory(templateId: number | null, keyword: string, page: number) {
  return useQuery({
    queryKey: createKeys.history(templateId, keyword, page),
    queryFn: ({ signal }) =>
      request(api.createHistory, { page_no: page, page_size: HISTORY_PAGE_SIZE, keyword: keyword || undefined, template_id: templateId ?? undefined }, { signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

export const invalidateHistory = () => queryClient.invalidateQueries({ queryKey: ['create', 'history'] });

export async function deleteCreation(id: number) {
  await request(api.createDelete, { id });
  await invalidateHistory();
}

export const stopCreation = (id: number) => request(api.createStop, { id }, { silent: true, background: true });
