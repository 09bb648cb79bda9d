import './zod-jitless';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

describe('zod without eval', () => {
  it('runs jitless, so building and parsing a schema never calls the Function constructor', () => {
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ a: z.number(), b: z.object({ c: z.string() }) });
    expect(schema.parse({ a: 1, b: { c: 'x' } })).toEqual({ a: 1, b: { c: 'x' } });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
