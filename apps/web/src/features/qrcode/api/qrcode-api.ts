import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QR_DECODE_PATH, QR_POLL_MS, type QrAiInput, type QrDecodeResult, type QrRecord, type QrStyledInput, type QrStyledResult } from '@xueba/contract';
import { api } from '@/lib/api';
import { userKeys } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const qrKeys = {
  all: ['qrcode'] as const,
  options: ['qrcode', 'options'] as const,
  records: ['qrcode', 'records'] as const,
  recordPage: (page: number) => ['qrcode', 'records', page] as const,
  detail: (id: number) => ['qrcode', 'detail', id] as const,
  mismatch: (id: number) => ['qrcode', 'mismatch', id] as const,
};

/** Styles, eyes, templates, today's free allowance and what AI mode offers; read again after each code. */
export const qrOptionsQuery = queryOptions({
  queryKey: qrKeys.options,
  queryFn: ({ signal }) => request(api.qrcodeOptions, undefined, { signal, background: true, silent: true }),
  staleTime: 30_000,
});

export const useQrOptions = () => useQuery(qrOptionsQuery);

export const isOpen = (status: QrRecord['status']): boolean => status === 'queued' || status === 'running';

/** One code; an AI code is polled every QR_POLL_MS while its drawing is queued or running. */
export function useQrDetail(id: number | null) {
  return useQuery({
    queryKey: qrKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request(api.qrcodeDetail, { id: id ?? 0 }, { signal, background: true, silent: true }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data.status) ? QR_POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export const HISTORY_PAGE_SIZE = 12;

export function useQrRecords(page: number, enabled: boolean) {
  return useQuery({
    queryKey: qrKeys.recordPage(page),
    queryFn: ({ signal }) => request(api.qrcodeRecords, { page_no: page, page_size: HISTORY_PAGE_SIZE }, { signal, background: true }),
    placeholderData: keepPreviousData,
    enabled,
    // An AI code still drawing moves on by itself: look again while any is.
    refetchInterval: (query) => (query.state.data?.lists.some((r) => isOpen(r.status)) ? QR_POLL_MS * 4 : false),
  });
}

export function useQrMismatch(id: number, enabled: boolean) {
  return useQuery({
    queryKey: qrKeys.mismatch(id),
    queryFn: ({ signal }) => request(api.qrcodeMismatch, { id }, { signal, background: true, silent: true }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** The free allowance and the drawing count move with every code: read both again. */
export function refreshCounts(): void {
  void queryClient.invalidateQueries({ queryKey: qrKeys.options });
  void queryClient.invalidateQueries({ queryKey: userKeys.info });
}

/** Refusals are shown under the form, so the request stays silent. */
export async function makeStyled(body: QrStyledInput): Promise<QrStyledResult> {
  try {
    return await request(api.qrcodeStyled, body, { silent: true });
  } finally {
    refreshCounts();
    void queryClient.invalidateQueries({ queryKey: qrKeys.records });
  }
}

export async function submitAi(body: QrAiInput) {
  const accepted = await request(api.qrcodeAi, body, { silent: true });
  refreshCounts();
  void queryClient.invalidateQueries({ queryKey: qrKeys.records });
  return accepted;
}

export async function cancelAi(id: number): Promise<QrRecord> {
  const record = await request(api.qrcodeCancel, { id });
  queryClient.setQueryData(qrKeys.detail(id), record);
  refreshCounts();
  void queryClient.invalidateQueries({ queryKey: qrKeys.records });
  return record;
}

export async function deleteCode(id: number): Promise<void> {
  await request(api.qrcodeDelete, { id });
  queryClient.removeQueries({ queryKey: qrKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: qrKeys.records });
  refreshCounts();
}

/** Multipart upload of a logo, background or reference picture; the upload module loads on first use. */
export async function uploadPicture(file: File) {
  const { uploadImage } = await import('@/lib/request/upload');
  return uploadImage(file, { silent: true });
}

/** Decodes a picture of an existing code (`upload`); the refusal says when it holds none. */
export async function decodePicture(file: File): Promise<QrDecodeResult> {
  const { upload } = await import('@/lib/request/upload');
  return upload<QrDecodeResult>(QR_DECODE_PATH, file, { silent: true });
}
