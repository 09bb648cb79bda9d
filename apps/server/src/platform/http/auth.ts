import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { HEADERS, levelNeedsUser, roleMeets, type AuthLevel } from '@xueba/contract';
import { forbidden, unauthorized } from '../errors.js';
import type { AuthUser } from '../../modules/session/session.service.js';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers[HEADERS.token];
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) return authorization.slice(7);
  return null;
}

export interface Authenticated {
  /** The signed-in user, when a valid token was sent (always set for 'user' and 'admin'). */
  user: AuthUser | null;
  /** Raw token of this request (for logout and password change). */
  token: string | null;
}

export interface AuthenticateOptions {
  /**
   * What a stale token means on an 'optional' endpoint: a visitor (JSON
   * routes), or a login failure (streams: a visitor's free allowance must not
   * be spent by mistake).
   */
  staleToken?: 'visitor' | 'refuse';
}

/**
 * The one place a request's user is established and its auth level enforced:
 * 401 `login_required` without a token, 401 `login_expired` with a stale one,
 * 403 for a non-admin on an admin route. Every kind of route (contract JSON,
 * stream, multipart, file) calls this before reading the body.
 */
export async function authenticate(request: FastifyRequest, level: AuthLevel, options: AuthenticateOptions = {}): Promise<Authenticated> {
  const token = readToken(request);
  const user = level !== 'none' && token ? await request.server.sessions.authenticate(token) : null;
  const required = levelNeedsUser(level);
  if (token && !user && (required || (level === 'optional' && options.staleToken === 'refuse'))) throw unauthorized('login_expired');
  if (required && !user) throw unauthorized('login_required');
  if ((level === 'admin' || level === 'operator') && (!user || !roleMeets(user.role, level))) throw forbidden();
  return { user, token };
}

/** `requireUser` of a route's context: the user, or the login-failure envelope when there is none. */
export function userRequirer(user: AuthUser | null): () => AuthUser {
  return () => {
    if (!user) throw unauthorized('login_required');
    return user;
  };
}

/** OpenAPI's security entry for routes that need a token. */
export function securityOf(level: AuthLevel): Pick<FastifySchema, 'security'> {
  return levelNeedsUser(level) ? { security: [{ token: [] }] } : {};
}

export interface RawRouteOptions<Q> {
  method: HTTPMethods;
  url: string;
  /** Declared like a contract endpoint's: enforced before the handler runs (and before any body is read). */
  auth: AuthLevel;
  schema: Omit<FastifySchema, 'security'>;
  handler(ctx: RawRouteContext<Q>): Promise<unknown>;
}

export interface RawRouteContext<Q> {
  request: FastifyRequest<{ Querystring: Q }>;
  reply: FastifyReply;
  user: AuthUser | null;
  /** The signed-in user (routes with auth 'user' or 'admin' always have one). */
  requireUser(): AuthUser;
}

/**
 * A route outside the JSON contract (multipart uploads, file downloads, CSV
 * exports): the body and the answer are the handler's, the auth level is
 * declared and enforced here as for contract endpoints.
 */
export function defineRawRoute<Q = unknown>(app: FastifyInstance, options: RawRouteOptions<Q>): void {
  app.route<{ Querystring: Q }>({
    method: options.method,
    url: options.url,
    schema: { ...options.schema, ...securityOf(options.auth) },
    handler: async (request, reply) => {
      const { user } = await authenticate(request, options.auth);
      return options.handler({ request, reply, user, requireUser: userRequirer(user) });
    },
  });
}
