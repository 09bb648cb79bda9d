import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema, type Endpoint, type Locale, type MessageKey, type MessageParams } from '@xueba/contract';
import { authenticate, securityOf, userRequirer } from './auth.js';
import { success } from './envelope.js';
import { requestLocale } from './locale.js';
import type { AuthUser } from '../../modules/session/session.service.js';

type Out<S> = [S] extends [undefined] ? undefined : z.output<NonNullable<S> & z.ZodType>;

export interface RouteContext<E extends Endpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Out<E['body']>;
  query: Out<E['query']>;
  /** The signed-in user, when a valid token was sent. */
  user: AuthUser | null;
  /** The signed-in user; throws the login-failure envelope when there is none. */
  requireUser(): AuthUser;
  locale: Locale;
  ip: string;
  /** Raw token of this request (for logout and password change). */
  token: string | null;
  /** Show this success message (translated) with the response. */
  message(key: MessageKey, params?: MessageParams): void;
}

/**
 * A whole success envelope serialised ahead of time. Hot, rarely changing
 * answers (`/pc/config`) cache this string instead of serialising the same
 * object on every request.
 */
export class SerializedEnvelope {
  constructor(readonly json: string) {}

  static of(data: unknown): SerializedEnvelope {
    return new SerializedEnvelope(JSON.stringify({ code: 1, data, show: 0, msg: '' }));
  }
}

export interface RouteOptions<E extends Endpoint> {
  handler(ctx: RouteContext<E>): Promise<z.output<E['response']> | SerializedEnvelope> | z.output<E['response']> | SerializedEnvelope;
  /** Success message shown as a toast. */
  msg?: MessageKey;
}

/**
 * Registers one contract endpoint: the contract's zod schemas validate the
 * input and document the route in OpenAPI; the auth level is enforced here,
 * once, for every route; the handler returns `data` and the envelope is built
 * around it.
 */
export function defineRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: { 200: envelopeSchema(endpoint.response) },
      ...securityOf(endpoint.auth),
    },
    // A POST without any body reaches validation as null; treat it as an empty object so optional-only bodies work for every client.
    ...(endpoint.body
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (request.body === null || request.body === undefined) request.body = {};
          },
        }
      : {}),
    handler: async (request, reply) => {
      const { user, token } = await authenticate(request, endpoint.auth);
      let msg: { key: MessageKey; params?: MessageParams } | undefined = options.msg ? { key: options.msg } : undefined;
      const ctx: RouteContext<E> = {
        request,
        reply,
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['query']>,
        user,
        requireUser: userRequirer(user),
        locale: requestLocale(request),
        ip: request.ip,
        token,
        message: (key, params) => {
          msg = { key, params };
        },
      };
      const data = await options.handler(ctx);
      if (data instanceof SerializedEnvelope) return reply.type('application/json; charset=utf-8').send(data.json);
      return success(request, data ?? null, msg?.key, msg?.params);
    },
  });
}
