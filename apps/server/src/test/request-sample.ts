import { z } from 'zod';
import { requestStrings, type FieldPath } from '@xueba/contract';

/**
 * A plausible request for a contract schema, built from the schema alone, with
 * one chosen string field replaced. Used to send a NUL in every string field of
 * every endpoint: the rest of the request should be valid, so that without the
 * contract's NUL check the value would reach the handler and the database.
 */

/** Strings tried in order; a field takes the first its schema accepts. */
const CANDIDATES = [
  'ab',
  'hello world',
  'user@example.com',
  '13800138000',
  'secret123',
  '123456',
  'https://example.com/a.png',
  '/avatar/a.png',
  '2030-01-01T00:00:00Z',
  'abcdefgh',
  'zh',
  // A picture size (`WxH`), which drawing requests check by pattern.
  '1024x1024',
];
const NUMBERS = [1, 0, 10, 100, 1000, 100_000];

function startsWith(path: FieldPath, prefix: FieldPath): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => p === path[i]);
}

function pick<T>(validator: z.core.$ZodType, values: T[], fallback: T): T {
  return values.find((v) => z.safeParse(validator, v).success) ?? fallback;
}

/** The value a string field takes: its first accepted candidate, or with a NUL put inside it when it is the target. */
function stringFor(validator: z.core.$ZodType, isTarget: boolean): string {
  const plain = pick(validator, CANDIDATES, 'ab');
  return isTarget ? `${plain.slice(0, 1)}\u0000${plain.slice(1)}` : plain;
}

/**
 * `target` is the path of the string field to fill with a NUL (null: none);
 * `keyTarget` says the target is a record's key. Optional fields are left out
 * unless the target is inside them.
 */
export function sampleRequest(schema: z.core.$ZodType, target: FieldPath | null, keyTarget = false, here: FieldPath = [], validator: z.core.$ZodType = schema): unknown {
  const onTarget = target !== null && startsWith(target, here);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return onTarget ? sampleRequest(schema.unwrap(), target, keyTarget, here, validator) : undefined;
  }
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodReadonly || schema instanceof z.ZodNonOptional || schema instanceof z.ZodCatch) {
    return sampleRequest(schema.unwrap(), target, keyTarget, here, validator);
  }
  if (schema instanceof z.ZodPipe) return sampleRequest(schema.in, target, keyTarget, here, validator);
  if (schema instanceof z.ZodString) return stringFor(validator, onTarget && target.length === here.length && !keyTarget);
  if (schema instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(schema.shape)) {
      const value = sampleRequest(child, target, keyTarget, [...here, name], child);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  if (schema instanceof z.ZodArray) return [sampleRequest(schema.element, target, keyTarget, [...here, 0], schema.element)];
  if (schema instanceof z.ZodUnion) {
    const options = schema.options as z.core.$ZodType[];
    const chosen = (target && options.find((o) => requestStrings(o, here).strings.some((s) => startsWith(target, s.path)))) || options[0]!;
    return sampleRequest(chosen, target, keyTarget, here, chosen);
  }
  if (schema instanceof z.ZodRecord) {
    const key = stringFor(schema.keyType, onTarget && keyTarget && target.length === here.length);
    return { [key]: sampleRequest(schema.valueType, target, keyTarget, [...here, '*'], schema.valueType) };
  }
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodNumber) return pick(validator, NUMBERS, 1);
  if (schema instanceof z.ZodBoolean) return false;
  return null;
}

/** A query's values as the strings a URL carries. */
export function asQuery(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries((value ?? {}) as Record<string, unknown>)) out[name] = String(v);
  return out;
}
