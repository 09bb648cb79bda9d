import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PAPER_WRITE_EXPORT_PATH, PaperWriteDetail, PaperWriteSuggest, PaperWriteExportFormat, PaperWriteSection, PaperWriteSource, PaperWriteStyle } from '@xueba/contract';
import { api, type ApiBody, type ApiResponse } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { baseHeaders, requestContext } from '@/lib/request/context';
import { handleEnvelope } from '@/lib/request/request';

// The raw export route's path lives beside the contract's zod schemas; importing the value would ship zod
// with the page, so it is written here and checked against the contract's type.
const EXPORT_PATH: typeof PAPER_WRITE_EXPORT_PATH = '/paper/write/export';

export const PAGE_SIZE = 20;

export const paperWriteKeys = {
  all: ['paper-write'] as const,
  options: ['paper-write', 'options'] as const,
  lists: ['paper-write', 'list'] as const,
  list: (page: number) => ['paper-write', 'list', page] as const,
  detail: (id: number) => ['paper-write', 'detail', id] as const,
  suggest: (id: number, keyword: string, page: number) => ['paper-write', 'suggest', id, keyword, page] as const,
};

export function usePaperWriteOptions() {
  return useQuery({
    queryKey: paperWriteKeys.options,
    queryFn: ({ signal }) => request(api.paperWriteOptions, undefined, { signal, background: true, silent: true }),
  });
}

export function usePaperWriteList(page: number) {
  return useQuery({
    queryKey: paperWriteKeys.list(page),
    queryFn: ({ signal }) => request(api.paperWriteList, { page_no: page, page_size: PAGE_SIZE }, { signal, background: true, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function usePaperWriteDetail(id: number | null) {
  return useQuery({
    queryKey: paperWriteKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request(api.paperWriteDetail, { id: id ?? 0 }, { signal, background: true, silent: true }),
    enabled: id !== null,
    retry: false,
    // The editor owns what is being typed: a refetch on focus must not replace it.
    refetchOnWindowFocus: false,
  });
}

/** Papers proposed for the topic (no keyword) or found by a keyword; only runs once asked for. */
export function useSuggestions(id: number, keyword: string | null, page: number) {
  return useQuery({
    queryKey: paperWriteKeys.suggest(id, keyword ?? '', page),
    queryFn: ({ signal }) => request(api.paperWriteSuggest, { id, keyword: keyword || undefined, page_no: page, page_size: 10 }, { signal, background: true, silent: true }),
    enabled: keyword !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

const refreshList = () => void queryClient.invalidateQueries({ queryKey: paperWriteKeys.lists });

/** Edits the cached detail in place (after a call answered what changed). */
export function patchDetail(id: number, edit: (detail: PaperWriteDetail) => PaperWriteDetail): void {
  queryClient.setQueryData<PaperWriteDetail>(paperWriteKeys.detail(id), (d) => (d ? edit(d) : d));
}

export async function createProject(body: ApiBody<'paperWriteCreate'>) {
  const detail = await request(api.paperWriteCreate, body, { silent: true });
  queryClient.setQueryData(paperWriteKeys.detail(detail.id), detail);
  refreshList();
  return detail;
}

export async function updateProject(id: number, fields: Omit<ApiBody<'paperWriteUpdate'>, 'id'>) {
  const item = await request(api.paperWriteUpdate, { id, ...fields }, { silent: true });
  // The style changes how every reference is printed: read the bibliography again.
  await queryClient.invalidateQueries({ queryKey: paperWriteKeys.detail(id) });
  refreshList();
  return item;
}

export async function deleteProject(id: number) {
  await request(api.paperWriteDelete, { id }, { silent: true });
  queryClient.removeQueries({ queryKey: paperWriteKeys.detail(id) });
  refreshList();
}

/**
 * A bibliography change renumbers citations in the sections' text on the
 * server, so the drafts are read again with the new list.
 */
async function bibliographyChanged(id: number, list: PaperWriteSource[]) {
  patchDetail(id, (d) => ({ ...d, bibliography: list, sources: list.length }));
  await queryClient.invalidateQueries({ queryKey: paperWriteKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: ['paper-write', 'suggest', id] });
  refreshList();
}

export async function addSource(id: number, source: { paper_id: string } | { doc_id: number }) {
  const list = await request(api.paperWriteSourceAdd, { id, ...source }, { silent: true });
  // The kept paper shows as kept at once, before the suggestions are read again.
  if ('paper_id' in source)
    queryClient.setQueriesData<PaperWriteSuggest>({ queryKey: ['paper-write', 'suggest', id] }, (data) =>
      data ? { ...data, lists: data.lists.map((p) => (p.id === source.paper_id ? { ...p, kept: true } : p)) } : data,
    );
  await bibliographyChanged(id, list);
  return list;
}

export async function removeSource(id: number, sourceId: number) {
  const list = await request(api.paperWriteSourceRemove, { id, source_id: sourceId }, { silent: true });
  await bibliographyChanged(id, list);
  return list;
}

export async function moveSources(id: number, order: number[]) {
  const list = await request(api.paperWriteSourceMove, { id, order }, { silent: true });
  await bibliographyChanged(id, list);
  return list;
}

/** `onSaved` runs before the cached detail changes, so the editor knows the new revision is its own. */
export async function saveOutline(id: number, body: Omit<ApiBody<'paperWriteOutlineSave'>, 'id'>, onSaved: (saved: ApiResponse<'paperWriteOutlineSave'>) => void) {
  const saved = await request(api.paperWriteOutlineSave, { id, ...body }, { silent: true });
  onSaved(saved);
  patchDetail(id, (d) => ({ ...d, outline: saved.outline, outline_revision: saved.revision, outline_updated_at: saved.updated_at, drafts: saved.drafts, sections: saved.drafts.length }));
  refreshList();
  return saved;
}

export function defaultOutline(id: number) {
  return request(api.paperWriteOutlineDefault, { id }, { silent: true });
}

/** Puts a section the server answered into the cached detail (and the project's word total when known). */
export function storeSection(id: number, section: PaperWriteSection, words?: number): void {
  patchDetail(id, (d) => {
    const drafts = d.drafts.map((s) => (s.key === section.key ? section : s));
    const total = words ?? drafts.reduce((sum, s) => sum + s.words, 0);
    return { ...d, drafts, words: total, written: drafts.filter((s) => s.status === 'done' || s.status === 'extract').length, generating: drafts.filter((s) => s.status === 'generating').length };
  });
}

export async function saveSection(id: number, key: string, revision: number, text: string) {
  const section = await request(api.paperWriteSectionSave, { id, section: key, revision, text }, { silent: true });
  storeSection(id, section);
  refreshList();
  return section;
}

export async function discardProposal(id: number, key: string) {
  const section = await request(api.paperWriteProposalDiscard, { id, section: key }, { silent: true });
  storeSection(id, section);
  return section;
}

/** A file name the user's system accepts, from the project's title. */
export function fileName(title: string, format: PaperWriteExportFormat): string {
  const printable = Array.from(title, (ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 80) || 'paper';
  return `${base}.${format === 'latex' ? 'zip' : format}`;
}

/**
 * Downloads an export. The route needs the sign-in header, so the file is
 * fetched and handed to the browser as a blob; a refusal arrives as the usual
 * envelope and rejects with its message.
 */
export async function downloadExport(id: number, format: PaperWriteExportFormat, style: PaperWriteStyle, title: string): Promise<void> {
  const url = requestContext.apiUrl(`${EXPORT_PATH}?id=${id}&format=${format}&style=${style}`);
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
