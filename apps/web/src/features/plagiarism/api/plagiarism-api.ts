import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PLAGIARISM_EXPORT_PATH, PLAGIARISM_EXTRACT_PATH, PLAGIARISM_SHARED_EXPORT_PATH, PlagiarismCreateInput, PlagiarismDetail, PlagiarismExtract } from '@xueba/contract';
import { api } from '@/lib/api';
import { userInfoQuery } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { baseHeaders, requestContext } from '@/lib/request/context';
import { handleEnvelope } from '@/lib/request/request';

// The raw routes' paths live beside the contract's zod schemas; importing their values would ship zod
// with the page, so they are written here and checked against the contract's types.
const EXTRACT_PATH: typeof PLAGIARISM_EXTRACT_PATH = '/plagiarism/extract';
const EXPORT_PATH: typeof PLAGIARISM_EXPORT_PATH = '/plagiarism/export';
const SHARED_EXPORT_PATH: typeof PLAGIARISM_SHARED_EXPORT_PATH = '/plagiarism/shared/export';

export const LIST_PAGE_SIZE = 20;
/** How often a page with a check still running asks again. */
const POLL_MS = 1500;

export const plagiarismKeys = {
  all: ['plagiarism'] as const,
  options: ['plagiarism', 'options'] as const,
  lists: ['plagiarism', 'list'] as const,
  list: (page: number) => ['plagiarism', 'list', page] as const,
  detail: (id: number) => ['plagiarism', 'detail', id] as const,
  shared: (token: string) => ['plagiarism', 'shared', token] as const,
  settings: ['plagiarism', 'settings'] as const,
};

const running = (status: string | undefined) => status === 'queued' || status === 'running';

export function usePlagiarismOptions(enabled: boolean) {
  return useQuery({ queryKey: plagiarismKeys.options, queryFn: ({ signal }) => request(api.plagiarismOptions, undefined, { signal, background: true, silent: true }), enabled });
}

/** The list, asked again while any check on the page is waiting or running (the state lives on the server, so a reload shows it). */
export function usePlagiarismList(page: number, enabled: boolean) {
  return useQuery({
    queryKey: plagiarismKeys.list(page),
    queryFn: ({ signal }) => request(api.plagiarismList, { page_no: page, page_size: LIST_PAGE_SIZE }, { signal, background: true, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => (q.state.data?.lists.some((c) => running(c.status)) ? POLL_MS : false),
  });
}

export function usePlagiarismDetail(id: number) {
  return useQuery({
    queryKey: plagiarismKeys.detail(id),
    queryFn: ({ signal }) => request(api.plagiarismDetail, { id }, { signal, background: true, silent: true }),
    enabled: id > 0,
    retry: false,
    refetchInterval: (q) => (running(q.state.data?.status) ? POLL_MS : false),
  });
}

export function useSharedReport(token: string) {
  return useQuery({
    queryKey: plagiarismKeys.shared(token),
    queryFn: ({ signal }) => request(api.plagiarismShared, { token }, { signal, background: true, silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
}

const refreshList = () => void queryClient.invalidateQueries({ queryKey: plagiarismKeys.lists });

export async function createCheck(input: PlagiarismCreateInput) {
  const item = await request(api.plagiarismCreate, input, { silent: true });
  refreshList();
  void queryClient.invalidateQueries({ queryKey: plagiarismKeys.options });
  // The charge changed the word balance the sidebar shows.
  if (item.charged > 0) void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
  return item;
}

export async function extractFile(file: File): Promise<PlagiarismExtract> {
  const { upload } = await import('@/lib/request/upload');
  return upload<PlagiarismExtract>(EXTRACT_PATH, file, { silent: true });
}

export async function deleteCheck(id: number) {
  await request(api.plagiarismDelete, { id }, { silent: true });
  queryClient.removeQueries({ queryKey: plagiarismKeys.detail(id) });
  refreshList();
}

export async function shareCheck(id: number) {
  const share = await request(api.plagiarismShare, { id }, { silent: true });
  queryClient.setQueryData<PlagiarismDetail>(plagiarismKeys.detail(id), (d) => (d ? { ...d, shared: true } : d));
  return share;
}

export async function revokeCheckShare(id: number) {
  await request(api.plagiarismShareRevoke, { id }, { silent: true });
  queryClient.setQueryData<PlagiarismDetail>(plagiarismKeys.detail(id), (d) => (d ? { ...d, shared: false } : d));
}

/** A file name the user's system accepts, from the report's title. */
export function fileName(title: string, format: string): string {
  const printable = Array.from(title, (ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 80) || 'report';
  return `${base}.${format}`;
}

/** Downloads a report file: fetched with the sign-in header (or by the share token) and handed to the browser as a blob. */
export async function downloadReport(target: { id: number } | { token: string }, format: 'pdf' | 'html', title: string): Promise<void> {
  const path = 'id' in target ? `${EXPORT_PATH}?id=${target.id}&format=${format}` : `${SHARED_EXPORT_PATH}?token=${encodeURIComponent(target.token)}&format=${format}`;
  const response = await requestContext.fetch(requestContext.apiUrl(path), { headers: baseHeaders(), credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    await handleEnvelope<unknown>(response, 'GET', false);
    throw new Error(requestContext.translate('server_error'));
  }
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(title, format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function usePlagiarismSettings() {
  return useQuery({ queryKey: plagiarismKeys.settings, queryFn: ({ signal }) => request(api.adminPlagiarismSettings, undefined, { signal, background: true, silent: true }) });
}
