import { z } from 'zod';
import { noNulCheck } from './common.js';

/** Where a value sits in a request: property names, 0 for an array's element, '*' for a record's values. */
export type FieldPath = (string | number)[];

export interface StringField {
  path: FieldPath;
  /** The string schema itself (its checks). */
  schema: z.ZodString;
  /** The schema of the whole field around it (pipes and wrappers included): what a whole value must pass. */
  field: z.core.$ZodType;
  /** A record's key rather than a value. */
  key: boolean;
}

export interface RequestStrings {
  strings: StringField[];
  /** Places that take any value unchecked (unknown, any, or a schema this walk does not know). */
  opaque: FieldPath[];
}

function unwrapped(schema: z.core.$ZodType): z.core.$ZodType | null {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodCatch
  ) {
    return schema.unwrap();
  }
  // A pipe's input side is what the request must pass; its output side only sees what the input side let through.
  if (schema instanceof z.ZodPipe) return schema.in;
  return null;
}

/**
 * Every string a request schema accepts (values and record keys), with its
 * path, and every place it takes a value unchecked. The contract's test holds
 * each string to `safeString()` with it; the server's test sends a NUL to each.
 */
export function requestStrings(
  schema: z.core.$ZodType,
  path: FieldPath = [],
  field: z.core.$ZodType = schema,
  out: RequestStrings = { strings: [], opaque: [] },
  /** Recursive schemas (a mind map's tree) are walked once: their strings are the same at every depth. */
  lazies: Set<z.core.$ZodType> = new Set(),
): RequestStrings {
  if (schema instanceof z.ZodLazy) {
    if (!lazies.has(schema)) {
      lazies.add(schema);
      requestStrings(schema.unwrap(), path, field, out, lazies);
    }
    return out;
  }
  const inner = unwrapped(schema);
  if (inner) return requestStrings(inner, path, field, out, lazies);
  if (schema instanceof z.ZodString) out.strings.push({ path, schema, field, key: false });
  else if (schema instanceof z.ZodObject) for (const [name, child] of Object.entries(schema.shape)) requestStrings(child, [...path, name], child, out, lazies);
  else if (schema instanceof z.ZodArray) requestStrings(schema.element, [...path, 0], schema.element, out, lazies);
  else if (schema instanceof z.ZodUnion) for (const option of schema.options) requestStrings(option, path, field, out, lazies);
  else if (schema instanceof z.ZodRecord) {
    const keys = requestStrings(schema.keyType, path, schema.keyType);
    out.strings.push(...keys.strings.map((s) => ({ ...s, key: true })));
    out.opaque.push(...keys.opaque);
    requestStrings(schema.valueType, [...path, '*'], schema.valueType, out, lazies);
  } else if (
    !(
      schema instanceof z.ZodNumber ||
      schema instanceof z.ZodBoolean ||
      schema instanceof z.ZodEnum ||
      schema instanceof z.ZodLiteral ||
      schema instanceof z.ZodNull ||
      schema instanceof z.ZodTransform
    )
  ) {
    out.opaque.push(path);
  }
  return out;
}

/** Whether a string schema was built by `safeString()` (it carries the NUL check). */
export function refusesNul(schema: z.ZodString): boolean {
  return schema._zod.def.checks?.includes(noNulCheck) ?? false;
}
