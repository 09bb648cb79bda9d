import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, emailSchema, refusesNul, requestStrings, safeString } from './index.js';

/**
 * Every string an endpoint accepts is built with safeString(), so a NUL (which
 * PostgreSQL cannot store) is refused by validation, never at the database.
 */
describe('request strings refuse NUL', () => {
  const endpoints = Object.entries(api).flatMap(([name, e]) =>
    (['body', 'query'] as const).flatMap((part) => {
      const schema: z.core.$ZodType | undefined = e[part];
      return schema ? [{ name: `${name}.${part}`, walked: requestStrings(schema) }] : [];
    }),
  );

  it('every string field of every endpoint carries the NUL check, and none takes an unchecked value', () => {
    const bare = endpoints.flatMap(({ name, walked }) => walked.strings.filter((s) => !refusesNul(s.schema)).map((s) => `${name}:${s.path.join('.')}${s.key ? ' (key)' : ''}`));
    const opaque = endpoints.flatMap(({ name, walked }) => walked.opaque.map((p) => `${name}:${p.join('.')}`));
    expect(bare).toEqual([]);
    expect(opaque).toEqual([]);
    // The walk really finds the strings: there are well over a hundred.
    expect(endpoints.reduce((n, e) => n + e.walked.strings.length, 0)).toBeGreaterThan(100);
  });

  it('refuses a NUL with the validation message and lets everything else through as before', () => {
    const result = safeString().trim().min(1).safeParse('a\u0000b');
    expect(result.error?.issues[0]?.message).toBe('validation_failed');
    expect(safeString().trim().parse(' a\tb ')).toBe('a\tb');
    expect(emailSchema.safeParse('a\u0000@example.com').success).toBe(false);
  });

  it('finds a bare z.string() anywhere in a schema, record keys included', () => {
    const schema = z.object({ a: safeString(), b: z.array(z.object({ c: z.string().optional() })), d: z.record(z.string(), safeString()), e: z.unknown() });
    const walked = requestStrings(schema);
    expect(walked.strings.filter((s) => !refusesNul(s.schema)).map((s) => `${s.path.join('.')}${s.key ? ' (key)' : ''}`)).toEqual(['b.0.c', 'd (key)']);
    expect(walked.opaque).toEqual([['e']]);
  });
});
