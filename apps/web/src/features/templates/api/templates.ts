import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const templatesKeys = {
  templates: ['templates', 'list'] as const,
  history: (templateId: number | null, keyword: string, page: number) => ['templates', 'history', templateId, keyword, page] as const,
};

/** Enabled templates and categories in the request locale. */
export const templatesQuery = queryOptions({
  queryKey: templatesKeys.templates,
  queryFn: ({ signal }) => request(api.createTemplates, undefined, { signal }),
  staleTime: 5 * 60_000,
});

export function useTemplates() {
  return useQuery(templatesQuery);
}

export const HISTORY_PAGE_SIZE = 10;

export function useHistory(templateId: number | null, keyword: string, page: number) {
  return useQuery({
    queryKey: templatesKeys.history(templateId, keyword, page),
    queryFn: ({ signal }) =>
      request(api.createHistory, { page_no: page, page_size: HISTORY_PAGE_SIZE, keyword: keyword || undefined, template_id: templateId ?? undefined }, { signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

export const invalidateHistory = () => queryClient.invalidateQueries({ queryKey: ['templates', 'history'] });

export async function deleteCreation(id: number) {
  await request(api.createDelete, { id });
  await invalidateHistory();
}

export const stopCreation = (id: number) => request(api.createStop, { id }, { silent: true, background: true });
