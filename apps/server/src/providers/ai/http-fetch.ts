import http from 'node:http';
import https from 'node:https';

/**
 * The transport the `openai` client uses for model channels: a `fetch` over
 * node:http with keep-alive agents (the SDK takes a `fetch` option for this).
 * The SDK still builds the requests and parses the event stream; this only
 * moves bytes. Node 20's built-in fetch cost about 2 ms more per answer before
 * the first token on this project's machines (docs/benchmarks.md), which is
 * the whole budget a relay may add.
 *
 * It does what the SDK asks of fetch: method, headers, a string or bytes
 * body, an AbortSignal that cancels the request or the body being read, and
 * a standard Response whose body is a web ReadableStream.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
};

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

function bodyBytes(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return body.toString();
  // Streams, forms and blobs: the chat and embedding calls never send these.
  throw new TypeError('http-fetch sends only string or byte bodies');
}

/**
 * The response body's chunks, fed straight from the socket's 'data' events
 * to whoever awaits the next one (Node 20's `Readable.toWeb` costs several
 * promises per chunk on the relay's hot path). One chunk is queued at most;
 * beyond that the socket is paused until the reader asks again. A connection
 * that closes before the end is an error, as it would be from fetch.
 */
class SocketChunks implements AsyncIterator<Uint8Array> {
  private readonly queue: Uint8Array[] = [];
  private waiting: { resolve: (r: IteratorResult<Uint8Array>) => void; reject: (e: unknown) => void } | null = null;
  private ended = false;
  private failure: unknown = null;

  constructor(private readonly incoming: http.IncomingMessage) {
    incoming.on('data', (chunk: Buffer) => {
      if (this.ended || this.failure !== null) return;
      const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const waiting = this.waiting;
      if (waiting) {
        this.waiting = null;
        waiting.resolve({ done: false, value: bytes });
      } else {
        this.queue.push(bytes);
        incoming.pause();
      }
    });
    incoming.on('end', () => this.settle(null));
    incoming.on('error', (error) => this.settle(error));
    incoming.on('close', () => this.settle(new TypeError('the connection closed before the response ended')));
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    const queued = this.queue.shift();
    if (queued) {
      this.incoming.resume();
      return Promise.resolve({ done: false, value: queued });
    }
    if (this.failure !== null) return Promise.reject(this.failure as Error);
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** The reader stopped early: nothing more is wanted from the connection. */
  return(): Promise<IteratorResult<Uint8Array>> {
    this.queue.length = 0;
    if (!this.ended && this.failure === null) {
      // A read still waiting (the web stream's pull when its reader cancels) ends with the body.
      this.settle(null);
      this.incoming.destroy();
    }
    return Promise.resolve({ done: true, value: undefined });
  }

  /** The end (null) or the failure; the first one counts ('close' follows both). */
  private settle(failure: unknown): void {
    if (this.ended || this.failure !== null) return;
    if (failure === null) this.ended = true;
    else this.failure = failure;
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (failure === null) waiting.resolve({ done: true, value: undefined });
    else waiting.reject(failure);
  }
}

/**
 * The response body: a standard web ReadableStream (what `text()`, `json()`
 * and `getReader()` read), that also answers `Symbol.asyncIterator` with the
 * socket's chunks directly. The `openai` SDK iterates a body through
 * `Symbol.asyncIterator` when it has one (`ReadableStreamToAsyncIterable` in
 * its internal/shims, pinned by http-fetch.test.ts), so a streamed answer's
 * chunks skip the web stream's reader and its promises. Both ways read the
 * same queue; a body is read one way in practice.
 */
function socketBody(incoming: http.IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = new SocketChunks(incoming);
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const result = await chunks.next();
        if (result.done) controller.close();
        else controller.enqueue(result.value);
      },
      async cancel() {
        await chunks.return();
      },
    },
    // Nothing is pulled until a reader asks: the iterator may be the only reader.
    { highWaterMark: 0 },
  );
  Object.defineProperty(stream, Symbol.asyncIterator, { value: () => chunks });
  return stream;
}

export const httpFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : input);
  const agent = url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const headers: http.OutgoingHttpHeaders = {};
  // The SDK passes a Headers object already; copy it without building another.
  (init.headers instanceof Headers ? init.headers : new Headers(init.headers)).forEach((value, key) => {
    headers[key] = value;
  });
  let body: string | Uint8Array | undefined;
  try {
    body = bodyBytes(init.body);
  } catch (error) {
    return Promise.reject(error);
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers, agent });
    let response: http.IncomingMessage | null = null;
    // Before the answer, the request fails with the abort; after it, the body being read does.
    const onAbort = () => (response ?? request).destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.on('response', (incoming) => {
      response = incoming;
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(incoming.headers)) {
        if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
        else if (value !== undefined) responseHeaders.set(key, value);
      }
      incoming.on('close', () => signal?.removeEventListener('abort', onAbort));
      const status = incoming.statusCode ?? 502;
      // Statuses that may not carry a body get none (the Response constructor refuses one).
      const stream = status === 204 || status === 304 || init.method === 'HEAD' ? null : socketBody(incoming);
      if (!stream) incoming.resume();
      resolve(new Response(stream, { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }));
    });
    request.end(body);
  });
};
