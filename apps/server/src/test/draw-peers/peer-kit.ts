import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * What the drawing peers share: an HTTP server on 127.0.0.1, a queue of
 * scripted behaviours for the next drawing requests, a concurrency of
 * `slots` (requests beyond wait, in order), a record of every call with its
 * arrival and completion times, the times at which a task's progress
 * changed, pictures drawn for real (sharp) at the requested size, and files
 * served for URL answers. The control endpoints under `/_peer/` let a
 * process that did not start the peer (browser tests, the benchmark) script
 * and measure it.
 */
export const PEER_BEHAVIOURS = ['ok', 'url', 'refuse', 'bad_request', 'rate_limited', 'server_error', 'hang', 'malformed', 'image_404', 'unscannable'] as const;
/**
 * ok: draws; url: answers a picture URL instead of bytes (OpenAI-compatible providers do);
 * refuse: content policy / audit failure; bad_request: a 4xx; rate_limited: 429 with Retry-After;
 * server_error: 500; hang: never answers; malformed: a 200 whose JSON is cut off;
 * image_404: the picture's URL answers 404; unscannable: a QR ControlNet drawing whose code does not
 * scan (A1111 only). A behaviour a protocol has no room for draws as ok (url and image_404 on A1111,
 * which answers base64 only; url on YJ, whose answers are always URLs; unscannable elsewhere).
 */
export type PeerBehaviour = (typeof PEER_BEHAVIOURS)[number];

export function isBehaviour(value: unknown): value is PeerBehaviour {
  return typeof value === 'string' && (PEER_BEHAVIOURS as readonly string[]).includes(value);
}

export interface PeerOptions {
  /** Default: a free port. */
  port?: number;
  /** Pictures drawn at once; requests beyond wait in arrival order. Default 1. */
  slots?: number;
  /** Drawing time of one picture. Default 1000 ms. */
  msPerPicture?: number;
  /** Progress changes while one picture is drawn. Default 5. */
  progressSteps?: number;
  /** Seconds a scripted 429 asks to wait. Default 1. */
  retryAfterSeconds?: number;
}

export interface PeerCall {
  /** Sequence number of the call on this peer. */
  seq: number;
  method: string;
  path: string;
  /** What the peer did with a drawing request (null for the others). */
  behaviour: PeerBehaviour | null;
  /** The request's own parameters as the peer read them (no picture bytes). */
  params: Record<string, unknown>;
  arrivedAt: number;
  /** When the answer was sent (null: not yet, or never for `hang`). */
  finishedAt: number | null;
  status: number | null;
}

export interface ProgressMark {
  at: number;
  task: string;
  progress: number;
  /** Tasks ahead of this one (when it is queued), else 0. */
  queue: number;
}

export interface DrawPeer {
  url: string;
  calls: PeerCall[];
  progressLog: ProgressMark[];
  /** Behaviours for the next drawing requests, one each, in order; after them: ok. */
  script(behaviours: PeerBehaviour[]): void;
  close(): Promise<void>;
}

type Handler = (request: http.IncomingMessage, body: Buffer, call: PeerCall, response: http.ServerResponse) => Promise<void> | void;

/** A counting semaphore whose waiters know their place in line. */
export class Slots {
  private busy = 0;
  private readonly waiting: { id: string; wake: () => void }[] = [];

  constructor(private readonly size: number) {}

  /** Resolves when a slot is free; `release` gives it back. */
  acquire(id: string): Promise<void> {
    if (this.busy < this.size && this.waiting.length === 0) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ id, wake: resolve }));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.wake();
    else this.busy = Math.max(0, this.busy - 1);
  }

  /** Tasks ahead of `id` in line (0 when it is not waiting). */
  position(id: string): number {
    const index = this.waiting.findIndex((w) => w.id === id);
    return index < 0 ? 0 : index + 1;
  }

  /** Takes a waiter out of line (its request went away). */
  drop(id: string): boolean {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  get queued(): number {
    return this.waiting.length;
  }
}

const pictureCache = new Map<string, Buffer>();

function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A real picture of the requested size: a colour from the prompt's hash and the prompt written on it. */
export async function drawPicture(prompt: string, width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const key = `${format}:${width}x${height}:${prompt}`;
  const cached = pictureCache.get(key);
  if (cached) return cached;
  const hash = createHash('md5').update(prompt).digest();
  const background = { r: hash[0]!, g: hash[1]!, b: hash[2]! };
  const light = background.r * 0.299 + background.g * 0.587 + background.b * 0.114 > 140;
  const fontSize = Math.max(10, Math.round(Math.min(width, height) / 16));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="50%" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" fill="${light ? '#111' : '#fff'}">${xml(prompt.slice(0, 48))}</text></svg>`;
  const image = sharp({ create: { width, height, channels: 3, background } }).composite([{ input: Buffer.from(svg) }]);
  const data = await (format === 'jpeg' ? image.jpeg() : format === 'webp' ? image.webp() : image.png()).toBuffer();
  if (pictureCache.size > 64) pictureCache.delete(pictureCache.keys().next().value!);
  pictureCache.set(key, data);
  return data;
}

/** A small preview of a picture being drawn: the final colour, fading in with progress. */
export async function drawPreview(prompt: string, progress: number): Promise<Buffer> {
  const hash = createHash('md5').update(prompt).digest();
  const mix = (c: number) => Math.round(128 + (c - 128) * (progress / 100));
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: mix(hash[0]!), g: mix(hash[1]!), b: mix(hash[2]!) } } })
    .png()
    .toBuffer();
}

/** `WxH` → numbers, within what a peer will draw. */
export function parseSize(size: unknown, fallback: [number, number]): [number, number] | null {
  if (size === undefined || size === null || size === '' || size === 'auto') return fallback;
  const match = /^(\d{2,4})x(\d{2,4})$/.exec(String(size));
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 16 || height < 16 || width > 2048 || height > 2048) return null;
  return [width, height];
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** The cut-off JSON of `malformed`. */
export function sendMalformed(response: http.ServerResponse): void {
  const text = '{"created": 1700000000, "data": [{"b64_json": "iVBORw0KGgo';
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export interface PeerServer {
  url: string;
  calls: PeerCall[];
  progressLog: ProgressMark[];
  slots: Slots;
  options: Required<Omit<PeerOptions, 'port'>>;
  /** The next scripted behaviour (ok when none is left). */
  next(): PeerBehaviour;
  script(behaviours: PeerBehaviour[]): void;
  mark(task: string, progress: number, queue: number): void;
  /** Serves `data` at a fresh URL on this peer; returns the URL. */
  publish(data: Buffer, mime: string): string;
  /** A URL on this peer that answers 404. */
  missing(): string;
  /** Called when the peer closes: requests that hang are let go. */
  closing: AbortSignal;
  close(): Promise<void>;
}

/**
 * Starts the HTTP server; `route` answers the protocol's own paths (null:
 * 404). Bodies are read whole first (the peers' requests are small JSON,
 * forms or one reference picture).
 */
export async function startPeerServer(options: PeerOptions, route: (method: string, path: string) => Handler | null): Promise<PeerServer> {
  const calls: PeerCall[] = [];
  const progressLog: ProgressMark[] = [];
  const files = new Map<string, { data: Buffer; mime: string }>();
  const queue: PeerBehaviour[] = [];
  const closing = new AbortController();
  const settings = {
    slots: options.slots ?? 1,
    msPerPicture: options.msPerPicture ?? 1000,
    progressSteps: options.progressSteps ?? 5,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
  };
  let url = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (request.url ?? '/').split('?')[0]!;
      const method = request.method ?? 'GET';
      void (async () => {
        // Control paths answer under any prefix, so `${peer.url}/_peer/…` works whatever base path the peer's URL has.
        const controlAt = path.indexOf('/_peer/');
        if (controlAt >= 0) return control(method, path.slice(controlAt), body, response);
        const call: PeerCall = { seq: calls.length + 1, method, path, behaviour: null, params: {}, arrivedAt: Date.now(), finishedAt: null, status: null };
        calls.push(call);
        response.on('finish', () => {
          call.finishedAt = Date.now();
          call.status = response.statusCode;
        });
        const handler = route(method, path);
        if (!handler) return sendJson(response, 404, { detail: 'Not Found' });
        await handler(request, body, call, response);
      })().catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { detail: error instanceof Error ? error.message : String(error) });
        else response.destroy();
      });
    });
  });

  function control(method: string, path: string, body: Buffer, response: http.ServerResponse): void {
    if (method === 'POST' && path === '/_peer/script') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        return sendJson(response, 400, { error: 'not JSON' });
      }
      const list = Array.isArray(parsed) ? parsed : (parsed as { behaviours?: unknown }).behaviours;
      if (!Array.isArray(list) || !list.every(isBehaviour)) return sendJson(response, 400, { error: `behaviours: one of ${PEER_BEHAVIOURS.join(', ')}` });
      peer.script(list);
      return sendJson(response, 200, { queued: queue.length });
    }
    if (method === 'POST' && path === '/_peer/reset') {
      queue.length = 0;
      calls.length = 0;
      progressLog.length = 0;
      return sendJson(response, 200, { ok: true });
    }
    if (method === 'GET' && path === '/_peer/calls') return sendJson(response, 200, calls);
    if (method === 'GET' && path === '/_peer/progress-log') return sendJson(response, 200, progressLog);
    const file = /^\/_peer\/files\/([\w-]+)$/.exec(path);
    if (method === 'GET' && file) {
      const found = files.get(file[1]!);
      if (!found) return sendJson(response, 404, { error: 'no such file' });
      response.writeHead(200, { 'content-type': found.mime, 'content-length': found.data.byteLength });
      response.end(found.data);
      return;
    }
    sendJson(response, 404, { error: 'no such control' });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: PeerServer = {
    url,
    calls,
    progressLog,
    slots: new Slots(settings.slots),
    options: settings,
    next: () => queue.shift() ?? 'ok',
    script: (behaviours) => {
      queue.push(...behaviours);
    },
    mark: (task, progress, ahead) => {
      const last = [...progressLog].reverse().find((m) => m.task === task);
      if (last && last.progress === progress && last.queue === ahead) return;
      progressLog.push({ at: Date.now(), task, progress, queue: ahead });
    },
    publish: (data, mime) => {
      const id = randomUUID();
      files.set(id, { data, mime });
      // Old files go: a long benchmark must not hold every picture.
      if (files.size > 256) files.delete(files.keys().next().value!);
      return `${url}/_peer/files/${id}`;
    },
    missing: () => `${url}/_peer/files/missing-${randomUUID()}`,
    closing: closing.signal,
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}

/** Waits in line for a slot, then draws `count` pictures' worth of time in `progressSteps` steps per picture. */
export async function runTask(
  peer: PeerServer,
  task: { id: string; count: number; onProgress?: (progress: number) => void; signal?: AbortSignal },
): Promise<'done' | 'stopped'> {
  const { slots, options } = peer;
  const queued = slots.acquire(task.id);
  const ahead = slots.position(task.id);
  if (ahead > 0) peer.mark(task.id, 0, ahead);
  const stop = AbortSignal.any([peer.closing, ...(task.signal ? [task.signal] : [])]);
  const stopped = new Promise<'stopped'>((resolve) => stop.addEventListener('abort', () => resolve('stopped'), { once: true }));
  if (stop.aborted || (await Promise.race([queued.then(() => 'run' as const), stopped])) === 'stopped') {
    if (!slots.drop(task.id)) void queued.then(() => slots.release());
    return 'stopped';
  }
  try {
    const steps = Math.max(1, options.progressSteps) * task.count;
    const stepMs = (options.msPerPicture * task.count) / steps;
    peer.mark(task.id, 0, 0);
    task.onProgress?.(0);
    for (let step = 1; step <= steps; step += 1) {
      await sleep(stepMs, stop);
      if (stop.aborted) return 'stopped';
      const progress = Math.round((step / steps) * 100);
      peer.mark(task.id, progress, 0);
      task.onProgress?.(progress);
    }
    return 'done';
  } finally {
    slots.release();
  }
}

/** Hashes a string to a seed in [0, 2^32). */
export function seedOf(text: string): number {
  return createHash('md5').update(text).digest().readUInt32BE(0);
}
