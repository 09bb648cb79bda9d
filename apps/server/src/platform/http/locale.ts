import type { FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '@xueba/contract';

/** The user's language: the Accept-Language header the web app sets, else the `locale` cookie. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.length > 0) return pickLocale(header);
  const cookie = request.cookies?.locale;
  return pickLocale(cookie);
}
