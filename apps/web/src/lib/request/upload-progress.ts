import { baseHeaders, requestContext } from './context';
import { RequestError } from './errors';
import { handleEnvelope } from './request';

export interface ProgressUploadOptions {
  /** Bytes sent so far and the body's total (the multipart framing included). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

/**
 * Multipart POST through XMLHttpRequest, because fetch cannot report upload
 * progress. Same headers as every other call (token, version, org code,
 * Accept-Language, click ID) and the same envelope handling; never retried,
 * since the server stores what it receives.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: ProgressUploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', requestContext.apiUrl(path));
    for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => report(event.loaded, event.lengthComputable ? event.total : 0));
    }
    const fail = (error: unknown) => {
      const message = requestContext.translate('network_error');
      if (!options.silent) requestContext.toastError(message);
      reject(new RequestError(message, { network: true, data: error }));
    };
    xhr.addEventListener('error', fail);
    xhr.addEventListener('timeout', fail);
    xhr.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      const headers = new Headers({ 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' });
      // A Response only to reuse the envelope rules (toasts, login failure) of every other call.
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers });
      handleEnvelope<T>(response, 'POST', options.silent ?? false).then(resolve, reject);
    });
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
