import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, Locale } from '@xueba/contract';
import { unauthorized } from '../errors.js';
import { authenticate, securityOf } from '../http/auth.js';
import { requestLocale } from '../http/locale.js';
import type { AuthUser } from '../../modules/session/session.service.js';

const KEEPALIVE_MS = 15_000;

/**
 * One server-sent-event response. Each event is written the moment it is
 * produced (no batching; Node's HTTP server has Nagle off), as
 * `event: <type>\ndata: <json>\n\n` with the whole event object as JSON.
 * A comment line keeps idle proxies from closing a slow first token.
 */
export class SseSink {
  private finished = false;
  private lastWrite = 0;
  private keepalive: NodeJS.Timeout | undefined;
  private readonly closeHandlers: (() => void)[] = [];

  constructor(private readonly raw: ServerResponse) {
    raw.on('close', () => {
      const early = !this.finished;
      this.finished = true;
      this.stopKeepalive();
      if (early) for (const handler of this.closeHandlers) handler();
    });
  }

  /**
   * Writes the status and headers. They leave with the first event (one
   * write on the socket instead of two; every stream sends its `start` at
   * once), or on the next loop turn if nothing was sent by then.
   */
  open(): void {
    this.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    setImmediate(() => {
      if (!this.raw.headersSent && !this.raw.destroyed) this.raw.flushHeaders();
    });
    this.lastWrite = Date.now();
    this.keepalive = setInterval(() => {
      if (Date.now() - this.lastWrite >= KEEPALIVE_MS) this.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Called once if the client goes away before the stream ended (also when it left before this sink existed). */
  onClientClose(handler: () => void): void {
    this.closeHandlers.push(handler);
    // Between the request and the hijack there are awaits (`prepare`, one loop turn): a client that
    // left then has already had its 'close' event, and its answer must not run on for nobody.
    if (!this.finished && (this.raw.destroyed || this.raw.socket?.destroyed === true)) {
      this.finished = true;
      this.stopKeepalive();
      queueMicrotask(handler);
    }
  }

  get closed(): boolean {
    return this.finished;
  }

  /** Any typed event of a contract stream union (chat, templates, paper interpretation). */
  send<E extends { type: string }>(event: E): void {
    this.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  end(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopKeepalive();
    this.raw.end();
  }

  private write(text: string): void {
    if (this.finished || this.raw.destroyed) return;
    this.lastWrite = Date.now();
    this.raw.write(text);
  }

  private stopKeepalive(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = undefined;
  }
}

type Out<S> = [S] extends [undefined] ? undefined : z.output<NonNullable<S> & z.ZodType>;

export interface StreamContext<E extends Endpoint> {
  request: FastifyRequest;
  body: Out<E['body']>;
  user: AuthUser | null;
  /** The signed-in user (routes with auth 'user' or 'admin' always have one). */
  requireUser(): AuthUser;
  locale: Locale;
  ip: string;
}

/**
 * Registers a streaming contract endpoint. Validation, sign-in and every
 * refusal happen in `prepare`, before anything is written, so they answer the
 * normal JSON envelope with an honest status (the client treats non-200 and
 * JSON answers as refusals). Once `prepare` returns, the reply is hijacked
 * and `run` writes the event stream.
 */
export function defineStreamRoute<E extends Endpoint, P>(
  app: FastifyInstance,
  endpoint: E,
  prepare: (ctx: StreamContext<E>) => Promise<P>,
  run: (sink: SseSink, plan: P, ctx: StreamContext<E>) => Promise<void>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...securityOf(endpoint.auth),
      produces: ['text/event-stream', 'application/json'],
    },
    handler: async (request, reply) => {
      // A stale token is a login failure, not a visitor: a visitor's free allowance must not be spent by mistake.
      const { user } = await authenticate(request, endpoint.auth, { staleToken: 'refuse' });
      const requireUser = (): AuthUser => {
        if (!user) throw unauthorized('login_required');
        return user;
      };
      const ctx: StreamContext<E> = { request, body: request.body as Out<E['body']>, user, requireUser, locale: requestLocale(request), ip: request.ip };
      const plan = await prepare(ctx);
      // An upstream call `prepare` started is still going through the model client's promise chain:
      // let its request reach the socket before this response's first writes (the model's wait starts then).
      await new Promise<void>((resolve) => setImmediate(resolve));
      reply.hijack();
      const sink = new SseSink(reply.raw);
      sink.open();
      try {
        await run(sink, plan, ctx);
      } catch (error) {
        // Nothing may escape a hijacked reply: Fastify could no longer answer it.
        request.log.error({ err: error }, 'stream failed');
        sink.end();
      }
    },
  });
}
