import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DRAW_POLL_MS, type DrawFamily, type DrawRecord, type DrawStatus, type DrawSubmit } from '@xueba/contract';
import { api, type ApiResponse } from '@/lib/api';
import { userKeys } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { drawOptionsQuery } from './draw-options';

export { drawOptionsQuery };

export const drawKeys = {
  all: ['draw'] as const,
  options: drawOptionsQuery.queryKey,
  detail: (id: number) => ['draw', 'detail', id] as const,
  records: ['draw', 'records'] as const,
  recordList: (filters: RecordFilters) => ['draw', 'records', filters] as const,
  square: (id: number) => ['draw', 'square', id] as const,
};

export function useDrawOptions() {
  return useQuery(drawOptionsQuery);
}

export const isActive = (status: DrawStatus): boolean => status === 'queued' || status === 'running';

/**
 * One job, polled every DRAW_POLL_MS while it is queued or running. The poll
 * stops when the job ends or the component using it unmounts (leaving the page).
 */
export function useDrawDetail(id: number | null) {
  return useQuery({
    queryKey: drawKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request(api.drawDetail, { id: id ?? 0 }, { signal, background: true, silent: true }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.status) ? DRAW_POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export interface RecordFilters {
  page: number;
  status?: DrawStatus;
  family?: DrawFamily;
  selected?: '1' | '0';
}

export const RECORDS_PAGE_SIZE = 12;

export function useDrawRecords(filters: RecordFilters, enabled: boolean) {
  return useQuery({
    queryKey: drawKeys.recordList(filters),
    queryFn: ({ signal }) =>
      request(api.drawRecords, { page_no: filters.page, page_size: RECORDS_PAGE_SIZE, status: filters.status, family: filters.family, selected: filters.selected }, { signal, background: true }),
    placeholderData: keepPreviousData,
    enabled,
    // A record still drawing moves on by itself: look again while any is.
    refetchInterval: (query) => (query.state.data?.lists.some((r) => isActive(r.status)) ? DRAW_POLL_MS * 4 : false),
  });
}

/** The drawing count shows in the options and the sidebar: both are read again after it moves. */
export function refreshBalances(): void {
  void queryClient.invalidateQueries({ queryKey: drawKeys.options });
  void queryClient.invalidateQueries({ queryKey: userKeys.info });
}

export async function submitDrawing(body: DrawSubmit) {
  const accepted = await request(api.drawSubmit, body, { silent: true });
  refreshBalances();
  void queryClient.invalidateQueries({ queryKey: drawKeys.records });
  return accepted;
}

function putRecord(record: DrawRecord): void {
  queryClient.setQueryData(drawKeys.detail(record.id), record);
  void queryClient.invalidateQueries({ queryKey: drawKeys.records });
}

export async function cancelDrawing(id: number) {
  const record = await request(api.drawCancel, { id });
  putRecord(record);
  refreshBalances();
  return record;
}

export async function selectPicture(recordId: number, imageId: number, selected: boolean) {
  const image = await request(api.drawSelect, { image_id: imageId, selected }, { silent: true });
  queryClient.setQueryData<DrawRecord>(drawKeys.detail(recordId), (r) => (r ? { ...r, images: r.images.map((i) => (i.id === image.id ? image : i)) } : r));
  void queryClient.invalidateQueries({ queryKey: drawKeys.records });
  return image;
}

export async function deleteDrawing(id: number) {
  await request(api.drawDelete, { id });
  queryClient.removeQueries({ queryKey: drawKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: drawKeys.records });
  refreshBalances();
}

export type SuggestMode = 'keywords' | 'translate' | 'expand';

export const suggestPrompt = (prompt: string, mode: SuggestMode, style?: string) =>
  request(api.drawSuggest, { prompt, mode, style: style || undefined }, { silent: true });

export async function publishPicture(recordId: number, imageId: number): Promise<ApiResponse<'squarePublish'>> {
  const item = await request(api.squarePublish, { image_id: imageId }, { silent: true });
  queryClient.setQueryData<DrawRecord>(drawKeys.detail(recordId), (r) => (r ? { ...r, images: r.images.map((i) => (i.id === imageId ? { ...i, square_id: item.id } : i)) } : r));
  void queryClient.invalidateQueries({ queryKey: drawKeys.records });
  return item;
}

/** A square item, for "draw the same" (`?same=`). */
export const fetchSquareItem = (id: number) =>
  queryClient.fetchQuery({ queryKey: drawKeys.square(id), queryFn: ({ signal }) => request(api.squareDetail, { id }, { signal, background: true, silent: true }), staleTime: 60_000 });

/** One of the user's records, for "draw again" (`?again=`). */
export const fetchRecord = (id: number) => queryClient.fetchQuery({ queryKey: drawKeys.detail(id), queryFn: ({ signal }) => request(api.drawDetail, { id }, { signal, background: true, silent: true }) });

/** Multipart upload of a reference picture; the module (and its schema types) loads on first use. */
export async function uploadReference(file: File) {
  const { uploadImage } = await import('@/lib/request/upload');
  return uploadImage(file, { silent: true });
}
