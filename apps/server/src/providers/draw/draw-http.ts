import { hostPort } from '../http/remote-guard.js';
import { HttpRemoteFileSource, RemoteFileError, type RemoteFileSource } from '../http/remote-file.js';
import { DrawProviderError, type DrawnPicture } from './draw-provider.js';

/** The most a finished picture may weigh when a provider answers a URL. */
export const PICTURE_MAX_BYTES = 25 * 1024 * 1024;

/** image/png, image/jpeg or image/webp by the first bytes, else null. */
export function sniffImage(data: Buffer): string | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47 && data.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A picture from base64 (a bare string or a data: URL), checked by content. */
export function pictureFromBase64(text: string, what: string): DrawnPicture {
  const bare = text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text;
  const data = Buffer.from(bare, 'base64');
  const mime = sniffImage(data);
  if (!mime) throw new DrawProviderError('image_missing', `${what} is not a PNG, JPEG or WebP picture`);
  return { data, mime };
}

/**
 * Fetches finished pictures from the URLs a provider answers. The channel's
 * own host:port is fetched as is (the administrator configured it, it may be
 * on a LAN); any other host goes through the SSRF guard. The byte cap holds
 * while reading. A 404, an error status or a body that is not a picture is
 * `image_missing`; a timeout or a broken connection is `transient`.
 */
export class PictureFetcher {
  private readonly source: RemoteFileSource;

  constructor(baseUrl: string, source?: RemoteFileSource) {
    this.source = source ?? new HttpRemoteFileSource({ allowHosts: [hostPort(new URL(baseUrl))] });
  }

  async fetch(url: string, timeoutMs: number, signal: AbortSignal): Promise<DrawnPicture> {
    if (signal.aborted) throw new DrawProviderError('aborted', 'aborted');
    // The remote-file source has its own deadline; the caller's abort settles the wait at once.
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new DrawProviderError('aborted', 'aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const { data } = await Promise.race([this.source.fetch(url, { maxBytes: PICTURE_MAX_BYTES, timeoutMs }), aborted]);
      const mime = sniffImage(data);
      if (!mime) throw new DrawProviderError('image_missing', 'the picture URL answered something that is not a picture');
      return { data, mime };
    } catch (error) {
      if (error instanceof DrawProviderError) throw error;
      if (error instanceof RemoteFileError) {
        if (error.kind === 'timeout' || error.kind === 'network') throw new DrawProviderError('transient', `picture download: ${error.message}`);
        throw new DrawProviderError('image_missing', `picture download: ${error.message}`);
      }
      throw new DrawProviderError('transient', `picture download: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date), else null. */
export function retryAfterSeconds(value: string | null | undefined): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : null;
}

/** The failure an HTTP status means for a drawing request. */
export function statusFailure(status: number, message: string, retryAfter: string | null | undefined = null): DrawProviderError {
  if (status === 429) return new DrawProviderError('transient', message, status, retryAfterSeconds(retryAfter));
  if (status >= 500) return new DrawProviderError('transient', message, status, retryAfterSeconds(retryAfter));
  return new DrawProviderError('provider', message, status);
}

/**
 * A signal for one request: the caller's, plus a per-request deadline.
 * `timedOut()` tells the deadline from the caller's abort.
 */
export function requestSignal(caller: AbortSignal, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (caller.aborted) controller.abort();
  else caller.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      caller.removeEventListener('abort', onAbort);
    },
  };
}

/** Maps what a plain request threw (not an HTTP status) to a failure kind. */
export function requestFailure(error: unknown, caller: AbortSignal, timedOut: boolean, what: string): DrawProviderError {
  if (error instanceof DrawProviderError) return error;
  if (caller.aborted) return new DrawProviderError('aborted', `${what}: aborted`);
  if (timedOut) return new DrawProviderError('transient', `${what}: no answer in time`);
  if (error instanceof SyntaxError) return new DrawProviderError('provider', `${what}: malformed JSON (${error.message})`);
  return new DrawProviderError('transient', `${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Waits `ms`, or less when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
