import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env.js';
import type { AppContext } from '../context.js';

/**
 * The site's public origin for links we hand out (share links, file URLs,
 * OAuth callbacks, payment returns): PUBLIC_URL when configured, else the
 * origin the request came in on (behind a proxy this needs TRUST_PROXY for the
 * forwarded scheme).
 */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.env.PUBLIC_URL) return ctx.env.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The API prefix as a path segment to prepend ('' when the API is mounted at the root). */
export function apiPrefixPath(env: Pick<Env, 'API_PREFIX'>): string {
  return env.API_PREFIX === '/' ? '' : env.API_PREFIX;
}
