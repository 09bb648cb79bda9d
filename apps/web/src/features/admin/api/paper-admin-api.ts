import { queryOptions } from '@tanstack/react-query';
import { PAPER_IMPORT_PATH, type paperImportResultSchema } from '@xueba/contract';
import type { z } from 'zod';
import { api, type ApiBody } from '@/lib/api';
import { request } from '@/lib/request';
import { uploadWithProgress } from '@/lib/request/upload-progress';

export type PaperImportResult = z.infer<typeof paperImportResultSchema>;

export const paperAdminKeys = { source: ['admin', 'paper', 'source'] as const };

export const paperSourceQuery = queryOptions({
  queryKey: paperAdminKeys.source,
  queryFn: ({ signal }) => request(api.adminPaperSource, undefined, { signal }),
  staleTime: 0,
});

export const savePaperSource = (body: ApiBody<'adminSetPaperSource'>) => request(api.adminSetPaperSource, body);

/** Corpus files as repeated `file` fields (the import endpoint's multipart shape). */
export function importPaperFiles(files: File[], onProgress: (loaded: number, total: number) => void): Promise<PaperImportResult> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return uploadWithProgress<PaperImportResult>(PAPER_IMPORT_PATH, form, { onProgress });
}
