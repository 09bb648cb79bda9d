import { AppError } from '../../../platform/errors.js';

/**
 * JSON over HTTP for the remote sources, with a deadline. A timeout answers
 * 504 and any other failure (network, 5xx, 429, malformed body) 502, both as
 * `source_unavailable`, so the user sees one clear message and never a 500.
 * 404 is "no such paper" and returns null.
 */
export interface HttpOptions {
  timeoutMs: number;
  headers?: Record<string, string>;
  /** For logging the cause of a failure without leaking it to the client. */
  log?: (message: string) => void;
}

export async function getJson(url: string, options: HttpOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    options.log?.(`paper source ${timedOut ? 'timed out' : 'unreachable'}: ${new URL(url).origin} ${error instanceof Error ? error.message : String(error)}`);
    throw new AppError('source_unavailable', timedOut ? 504 : 502);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    options.log?.(`paper source answered ${response.status}: ${new URL(url).origin}${new URL(url).pathname}`);
    throw new AppError('source_unavailable', 502);
  }
  try {
    return await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    options.log?.(`paper source sent ${timedOut ? 'a body too slowly' : 'malformed JSON'}`);
    throw new AppError('source_unavailable', timedOut ? 504 : 502);
  }
}
