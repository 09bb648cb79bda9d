import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MINDMAP_EXPORT_LAYOUTS, MINDMAP_EXPORT_PATH, MINDMAP_IMPORT_PATH, MindmapDetail, MindmapExportFormat, MindmapNode, mindmapImportResultSchema } from '@xueba/contract';
import { api, type ApiResponse } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { baseHeaders, requestContext } from '@/lib/request/context';
import { handleEnvelope } from '@/lib/request/request';

// The raw routes' paths live beside the contract's zod schemas; importing their values would ship zod
// with the page, so they are written here and checked against the contract's types.
const EXPORT_PATH: typeof MINDMAP_EXPORT_PATH = '/mindmap/export';
const IMPORT_PATH: typeof MINDMAP_IMPORT_PATH = '/mindmap/import';

export interface HistoryFilters {
  page: number;
  keyword: string;
}

export const HISTORY_PAGE_SIZE = 20;

export const mindmapKeys = {
  all: ['mindmap'] as const,
  options: ['mindmap', 'options'] as const,
  lists: ['mindmap', 'list'] as const,
  list: (f: HistoryFilters) => ['mindmap', 'list', f] as const,
  detail: (id: number) => ['mindmap', 'detail', id] as const,
  shared: (token: string) => ['mindmap', 'shared', token] as const,
};

export function useMindmapOptions(enabled: boolean) {
  return useQuery({
    queryKey: mindmapKeys.options,
    queryFn: ({ signal }) => request(api.mindmapOptions, undefined, { signal, background: true, silent: true }),
    enabled,
  });
}

export function useMindmapList(filters: HistoryFilters, enabled: boolean) {
  return useQuery({
    queryKey: mindmapKeys.list(filters),
    queryFn: ({ signal }) =>
      request(api.mindmapList, { page_no: filters.page, page_size: HISTORY_PAGE_SIZE, keyword: filters.keyword || undefined }, { signal, background: true, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMindmapDetail(id: number | null) {
  return useQuery({
    queryKey: mindmapKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request(api.mindmapDetail, { id: id ?? 0 }, { signal, background: true, silent: true }),
    enabled: id !== null,
    retry: false,
    // The editor owns the tree once it is open: a background refetch must not replace what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSharedMindmap(token: string) {
  return useQuery({
    queryKey: mindmapKeys.shared(token),
    queryFn: ({ signal }) => request(api.mindmapShared, { token }, { signal, background: true, silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
}

const refreshList = () => void queryClient.invalidateQueries({ queryKey: mindmapKeys.lists });

export async function saveMindmap(id: number, revision: number, tree: MindmapNode) {
  const saved = await request(api.mindmapSave, { id, revision, tree }, { silent: true, background: true });
  queryClient.setQueryData<MindmapDetail>(mindmapKeys.detail(id), (d) => (d ? { ...d, tree, revision: saved.revision, nodes: saved.nodes, updated_at: saved.updated_at } : d));
  refreshList();
  return saved;
}

export async function renameMindmap(id: number, title: string) {
  const item = await request(api.mindmapRename, { id, title }, { silent: true });
  queryClient.setQueryData<MindmapDetail>(mindmapKeys.detail(id), (d) => (d ? { ...d, title: item.title } : d));
  refreshList();
  return item;
}

export async function deleteMindmap(id: number) {
  await request(api.mindmapDelete, { id }, { silent: true });
  queryClient.removeQueries({ queryKey: mindmapKeys.detail(id) });
  refreshList();
}

export async function duplicateMindmap(id: number) {
  const item = await request(api.mindmapDuplicate, { id }, { silent: true });
  refreshList();
  return item;
}

export async function shareMindmap(id: number): Promise<ApiResponse<'mindmapShare'>> {
  const share = await request(api.mindmapShare, { id }, { silent: true });
  queryClient.setQueryData<MindmapDetail>(mindmapKeys.detail(id), (d) => (d ? { ...d, shared: true } : d));
  refreshList();
  return share;
}

export async function revokeShare(id: number) {
  await request(api.mindmapShareRevoke, { id }, { silent: true });
  queryClient.setQueryData<MindmapDetail>(mindmapKeys.detail(id), (d) => (d ? { ...d, shared: false } : d));
  refreshList();
}

/** A file name the user's system accepts, from the map's title. */
export function fileName(title: string, format: string): string {
  const printable = Array.from(title, (ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 80) || 'mindmap';
  return `${base}.${format}`;
}

/**
 * Downloads an export. The route needs the sign-in header, so the file is
 * fetched and handed to the browser as a blob; a refusal arrives as the usual
 * envelope and rejects with its message.
 */
export async function downloadExport(id: number, format: MindmapExportFormat, title: string, layout: (typeof MINDMAP_EXPORT_LAYOUTS)[number] = 'both'): Promise<void> {
  const url = requestContext.apiUrl(`${EXPORT_PATH}?id=${id}&format=${format}&layout=${layout}`);
  const response = await requestContext.fetch(url, { headers: baseHeaders(), credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    await handleEnvelope<unknown>(response, 'GET', true);
    throw new Error(requestContext.translate('server_error'));
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(title, format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function importMindmap(file: File) {
  const { upload } = await import('@/lib/request/upload');
  const result = await upload<z.infer<typeof mindmapImportResultSchema>>(IMPORT_PATH, file, { silent: true });
  refreshList();
  return result;
}
