import http from 'node:http';
import https from 'node:https';
import { checkUrl, guardedLookup, RemoteAddressRefused, type Resolver } from './remote-guard.js';

/**
 * Files fetched from the outside world (a paper's open PDF for "read with
 * Xueba"). The URL comes from paper metadata, so it is untrusted: every hop
 * goes through the SSRF guard (remote-guard.ts, decision 0013). Real HTTP(S)
 * with a wall-clock timeout over all hops, a byte limit enforced while
 * reading (never more than the limit is held), and at most 5 redirects,
 * followed here rather than by the HTTP client so each one is checked.
 */
export type RemoteFileFailure = 'refused' | 'redirects' | 'status' | 'too_large' | 'timeout' | 'network';

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

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  accept: 'application/pdf,*/*;q=0.5',
  // Compressed bodies would need inflating here and make the byte limit count the wrong bytes.
  'accept-encoding': 'identity',
  'user-agent': 'Xueba/1.0 (read with Xueba)',
};

export interface RemoteFileOptions {
  /** `host:port` pairs fetched even though their addresses are private (REMOTE_FETCH_ALLOW_HOSTS: local test publishers). */
  allowHosts?: readonly string[];
  /** DNS for guarded hops; tests substitute answers. */
  resolve?: Resolver;
}

export class HttpRemoteFileSource implements RemoteFileSource {
  private readonly allowHosts: ReadonlySet<string>;
  // No keep-alive: fetches are rare, and a pooled socket would outlive the check that opened it.
  private readonly guarded: { 'http:': http.Agent; 'https:': https.Agent };
  private readonly allowed = { 'http:': new http.Agent({ keepAlive: false }), 'https:': new https.Agent({ keepAlive: false }) };

  constructor(options: RemoteFileOptions = {}) {
    this.allowHosts = new Set(options.allowHosts ?? []);
    const lookup = guardedLookup(options.resolve);
    this.guarded = { 'http:': new http.Agent({ keepAlive: false, lookup }), 'https:': new https.Agent({ keepAlive: false, lookup }) };
  }

  async fetch(url: string, limits: { maxBytes: number; timeoutMs: number }): Promise<{ data: Buffer; contentType: string }> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new RemoteFileError('refused', 'not a URL');
    }
    const signal = AbortSignal.timeout(limits.timeoutMs);
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.get(target, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= MAX_REDIRECTS) throw new RemoteFileError('redirects', `more than ${MAX_REDIRECTS} redirects`);
        try {
          target = new URL(location, target);
        } catch {
          throw new RemoteFileError('status', `HTTP ${status} to an unreadable location`);
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new RemoteFileError('status', `HTTP ${status}`);
      }
      return { data: await this.read(response, signal, limits.maxBytes), contentType: response.headers['content-type'] ?? '' };
    }
  }

  /** One hop: checked, then requested through the agent whose lookup checks what the name resolves to. */
  private get(target: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    let allowed: boolean;
    try {
      ({ allowed } = checkUrl(target, this.allowHosts));
    } catch (error) {
      return Promise.reject(wrap(error, signal));
    }
    const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
    const agent = (allowed ? this.allowed : this.guarded)[protocol];
    const request = protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          method: 'GET',
          hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: target.port || undefined,
          path: `${target.pathname}${target.search}`,
          headers: HEADERS,
          agent,
          signal,
        },
        resolve,
      );
      req.on('error', (error) => reject(wrap(error, signal)));
      req.end();
    });
  }

  private async read(response: http.IncomingMessage, signal: AbortSignal, maxBytes: number): Promise<Buffer> {
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      response.destroy();
      throw new RemoteFileError('too_large', `declared ${declared} bytes`);
    }
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response) {
        const part = chunk as Buffer;
        size += part.byteLength;
        if (size > maxBytes) {
          response.destroy();
          throw new RemoteFileError('too_large', `more than ${maxBytes} bytes`);
        }
        parts.push(part);
      }
    } catch (error) {
      throw wrap(error, signal);
    }
    return Buffer.concat(parts);
  }
}

function wrap(error: unknown, signal: AbortSignal): RemoteFileError {
  if (error instanceof RemoteFileError) return error;
  if (error instanceof RemoteAddressRefused) return new RemoteFileError('refused', error.message);
  return new RemoteFileError(signal.aborted ? 'timeout' : 'network', error instanceof Error ? error.message : String(error));
}
