/**
 * Files fetched from the outside world (a paper's open PDF for "read with
 * Xueba"). Real HTTP(S) with a wall-clock timeout, a byte limit enforced while
 * reading (never more than the limit is held), and a bounded number of
 * redirects; tests point it at a local HTTP server.
 */
export type RemoteFileFailure = 'protocol' | 'status' | 'too_large' | 'timeout' | 'network';

export class RemoteFileError extends Error {
  constructor(
    readonly kind: RemoteFileFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteFileError';
  }
}

export interface RemoteFileSource {
  fetch(url: string, limits: { maxBytes: number; timeoutMs: number }): Promise<{ data: Buffer; contentType: string }>;
}

export class HttpRemoteFileSource implements RemoteFileSource {
  async fetch(url: string, limits: { maxBytes: number; timeoutMs: number }): Promise<{ data: Buffer; contentType: string }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RemoteFileError('protocol', 'not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new RemoteFileError('protocol', `refused protocol ${parsed.protocol}`);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let response: Response;
    try {
      response = await fetch(parsed, { signal, redirect: 'follow', headers: { accept: 'application/pdf,*/*;q=0.5', 'user-agent': 'Xueba/1.0 (read with Xueba)' } });
    } catch (error) {
      throw new RemoteFileError(signal.aborted ? 'timeout' : 'network', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok || !response.body) throw new RemoteFileError('status', `HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > limits.maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new RemoteFileError('too_large', `declared ${declared} bytes`);
    }
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > limits.maxBytes) throw new RemoteFileError('too_large', `more than ${limits.maxBytes} bytes`);
        parts.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof RemoteFileError) throw error;
      throw new RemoteFileError(signal.aborted ? 'timeout' : 'network', error instanceof Error ? error.message : String(error));
    }
    return { data: Buffer.concat(parts), contentType: response.headers.get('content-type') ?? '' };
  }
}
