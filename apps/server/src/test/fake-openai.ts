import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat completions server for tests and the
 * benchmark. It speaks the real wire format: `POST /v1/chat/completions`
 * with `stream: true` answers `text/event-stream` with a role delta, content
 * deltas, a final usage chunk when `stream_options.include_usage` is set and
 * `data: [DONE]`; errors are the real `{"error": {...}}` bodies with their
 * statuses. Each request takes the next queued script (or the default), so a
 * test scripts faults one request at a time.
 */
export interface FakeScript {
  /** Content deltas, in order. */
  chunks?: string[];
  /** Delay before each content chunk (ms). */
  delayMs?: number;
  /** Error response instead of a stream. */
  status?: number;
  error?: { message: string; type: string; code: string | null };
  /** Send headers, then nothing at all (a model that never produces its first token). */
  hangBeforeFirstToken?: boolean;
  /** Destroy the socket after this many content chunks (a disconnect mid-stream). */
  destroyAfter?: number;
  /** Send a malformed JSON chunk after this many content chunks. */
  malformedAfter?: number;
  /** Stop after this many content chunks until `release()` (to stop or close mid-stream). */
  holdAfter?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface RecordedRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream: boolean;
  includeUsage: boolean;
  maxTokens?: number;
  authorization: string | undefined;
}

export interface RecordedEmbeddingRequest {
  model: string;
  input: string[];
  authorization: string | undefined;
}

const DEFAULT: FakeScript = { chunks: ['Hello', ', ', 'world', '!'], delayMs: 0 };

/** Dimensions of the fake embeddings. */
export const FAKE_EMBEDDING_DIMS = 256;
/** Words the fake embedding model treats as the same meaning, so a paraphrase with no shared keyword still lands near its passage. */
const SYNONYMS: Record<string, string> = { car: 'automobile', cars: 'automobile', motor: 'engine', motors: 'engine', servicing: 'maintenance', service: 'maintenance', schedule: 'interval', often: 'interval' };

/**
 * A deterministic embedding: a hashed bag of lower-cased words (synonyms
 * folded to one word), L2-normalised. Texts sharing words (or synonyms)
 * have a positive cosine; unrelated ones are near zero.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMS).fill(0);
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = SYNONYMS[match[0]] ?? match[0];
    let hash = 2166136261;
    for (let i = 0; i < word.length; i += 1) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMS]! += 1;
  }
  const norm = Math.sqrt(vector.reduce((n, v) => n + v * v, 0)) || 1;
  return vector.map((v) => v / norm);
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  readonly embeddingRequests: RecordedEmbeddingRequest[] = [];
  /** When set, every `/embeddings` request answers this status with an error body. */
  embeddingStatus: number | null = null;
  /** Requests whose client went away before the answer finished (the upstream saw the abort). */
  aborted = 0;
  /** Off in the benchmark, where tens of thousands of requests would only pile up in `requests`. */
  record = true;
  /**
   * A script chosen from the request's messages, ahead of the queue and the
   * default (undefined: not this one). The e2e server's upstream uses it to
   * echo the system prompt when the prompt asks for it.
   */
  scriptFor: ((messages: { role: string; content: string }[]) => FakeScript | undefined) | null = null;
  private readonly queue: FakeScript[] = [];
  private defaultScript: FakeScript = DEFAULT;
  private readonly held = new Set<() => void>();
  private readonly sockets = new Set<import('node:net').Socket>();
  private server!: http.Server;
  private counter = 0;

  static async start(): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI();
    fake.server = http.createServer((req, res) => void fake.handle(req, res));
    fake.server.keepAliveTimeout = 60_000;
    fake.server.on('connection', (socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  static async listen(port: number, host = '127.0.0.1'): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI();
    fake.server = http.createServer((req, res) => void fake.handle(req, res));
    fake.server.keepAliveTimeout = 60_000;
    fake.server.maxConnections = 100_000;
    await new Promise<void>((resolve) => fake.server.listen(port, host, resolve));
    return fake;
  }

  /** Base URL for the `openai` client (`…/v1`). */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Scripts the next request(s), in order. */
  next(...scripts: FakeScript[]): void {
    this.queue.push(...scripts);
  }

  setDefault(script: FakeScript): void {
    this.defaultScript = script;
  }

  /** Lets every held stream continue. */
  release(): void {
    for (const go of this.held) go();
    this.held.clear();
  }

  get holding(): number {
    return this.held.size;
  }

  async close(): Promise<void> {
    this.release();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunksIn: Buffer[] = [];
    for await (const chunk of req) chunksIn.push(chunk as Buffer);
    if (req.method === 'POST' && req.url?.endsWith('/embeddings')) return this.embeddings(req, res, Buffer.concat(chunksIn));
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return this.fail(res, 404, { message: 'Not found', type: 'invalid_request_error', code: null });
    }
    let body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean; stream_options?: { include_usage?: boolean }; max_tokens?: number };
    try {
      body = JSON.parse(Buffer.concat(chunksIn).toString('utf8')) as typeof body;
    } catch {
      return this.fail(res, 400, { message: 'Invalid JSON', type: 'invalid_request_error', code: null });
    }
    if (this.record) this.requests.push({
      model: body.model ?? '',
      messages: body.messages ?? [],
      stream: body.stream === true,
      includeUsage: body.stream_options?.include_usage === true,
      maxTokens: body.max_tokens,
      authorization: req.headers.authorization,
    });
    const script = this.scriptFor?.(body.messages ?? []) ?? this.queue.shift() ?? this.defaultScript;
    if (script.status) return this.fail(res, script.status, script.error ?? { message: 'error', type: 'server_error', code: null });

    this.counter += 1;
    const id = `chatcmpl-fake${this.counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'fake';
    let finished = false;
    res.on('close', () => {
      if (!finished) this.aborted += 1;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    if (script.hangBeforeFirstToken) return;
    const frame = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    res.write(frame({ role: 'assistant', content: '' }));
    const chunks = script.chunks ?? DEFAULT.chunks ?? [];
    for (let i = 0; i < chunks.length; i += 1) {
      if (script.holdAfter === i) await new Promise<void>((resolve) => this.held.add(resolve));
      if (script.destroyAfter === i) {
        // Let what was written reach the client first: the cut comes between chunks.
        await new Promise((resolve) => setTimeout(resolve, 50));
        res.socket?.destroy();
        return;
      }
      if (script.malformedAfter === i) {
        res.write('data: {"id":"broken","choices":[{"delta":{"content":"oops"\n\n');
      }
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      if (res.destroyed) return;
      res.write(frame({ content: chunks[i] }));
    }
    if (res.destroyed) return;
    res.write(frame({}, 'stop'));
    if (body.stream_options?.include_usage) {
      const usage = script.usage ?? { prompt_tokens: JSON.stringify(body.messages ?? []).length >> 2, completion_tokens: chunks.length };
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
    }
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  }

  /** `POST /v1/embeddings`: `{model, input: string | string[], encoding_format?}` → the list of vectors, float or base64 float32. */
  private embeddings(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): void {
    let body: { model?: string; input?: string | string[]; encoding_format?: 'float' | 'base64' };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return this.fail(res, 400, { message: 'Invalid JSON', type: 'invalid_request_error', code: null });
    }
    const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
    this.embeddingRequests.push({ model: body.model ?? '', input, authorization: req.headers.authorization });
    if (this.embeddingStatus) return this.fail(res, this.embeddingStatus, { message: 'embedding backend down', type: 'server_error', code: null });
    if (input.length === 0) return this.fail(res, 400, { message: 'input is empty', type: 'invalid_request_error', code: null });
    const data = input.map((text, index) => {
      const vector = fakeEmbedding(text);
      const embedding = body.encoding_format === 'base64' ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = input.reduce((n, text) => n + (text.length >> 2), 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data, model: body.model ?? 'fake-embed', usage: { prompt_tokens: tokens, total_tokens: tokens } }));
  }

  private fail(res: http.ServerResponse, status: number, error: { message: string; type: string; code: string | null }): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  }
}
