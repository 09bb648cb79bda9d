import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';
/**
 * none: anyone; optional: user attached when a valid token is sent; user: sign-in required;
 * operator: the operator or administrator role (content, feedback, support); admin: the
 * administrator role only (money, settings, roles).
 */
export type AuthLevel = 'none' | 'optional' | 'user' | 'operator' | 'admin';

/** Account roles: an operator runs the site's content and support; only an administrator touches money and settings. */
export const USER_ROLES = ['user', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whether a role may call an endpoint of the staff levels (`operator`, `admin`); other levels only need a user. */
export function roleMeets(role: UserRole, level: 'operator' | 'admin'): boolean {
  return level === 'operator' ? role === 'operator' || role === 'admin' : role === 'admin';
}

/** Levels that need a signed-in user. */
export function levelNeedsUser(level: AuthLevel): boolean {
  return level === 'user' || level === 'operator' || level === 'admin';
}

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: M;
  /** Path below the API prefix (`/api` by default). */
  path: string;
  auth: AuthLevel;
  summary: string;
  tags: string[];
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data`. */
  response: R;
  /** Safe to retry after a network error even though it is a POST. */
  idempotent?: boolean;
}

export function endpoint<
  M extends HttpMethod,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(def: Endpoint<M, Q, B, R>): Endpoint<M, Q, B, R> {
  return def;
}

export type ResponseOf<E> = E extends Endpoint<HttpMethod, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never;
export type BodyOf<E> = E extends Endpoint<HttpMethod, z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<HttpMethod, infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
