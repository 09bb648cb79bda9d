import { UPLOAD_IMAGE_PATH, type uploadImageResponseSchema } from '@xueba/contract';
import type { z } from 'zod';
import { beginLoading } from '../loading';
import { baseHeaders, requestContext } from './context';
import { RequestError } from './errors';
import { handleEnvelope } from './request';
import { toFormData, type FormFieldValue } from './query-string';

export type UploadedImage = z.infer<typeof uploadImageResponseSchema>;

export interface UploadOptions {
  /** Multipart field of the file; `file` by default (spec §7). */
  field?: string;
  /** Extra form fields sent with the file; arrays become `name[]`. */
  data?: Record<string, FormFieldValue>;
  signal?: AbortSignal;
  silent?: boolean;
}

/** Multipart POST; never retried, since the server stores what it receives. */
export async function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const form = toFormData({ ...options.data, [options.field ?? 'file']: file });
  const end = beginLoading();
  try {
    let response: Response;
    try {
      // No Content-Type header: the browser must write the multipart boundary itself.
      response = await requestContext.fetch(requestContext.apiUrl(path), {
        method: 'POST',
        headers: baseHeaders(),
        body: form,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      const message = requestContext.translate('network_error');
      if (!options.silent) requestContext.toastError(message);
      throw new RequestError(message, { network: true, data: error });
    }
    return await handleEnvelope<T>(response, 'POST', options.silent ?? false);
  } finally {
    end();
  }
}

export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<UploadedImage> {
  return upload<UploadedImage>(UPLOAD_IMAGE_PATH, file, options);
}
