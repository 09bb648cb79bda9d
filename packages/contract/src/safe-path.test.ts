import { describe, expect, it } from 'vitest';
import { REDIRECT_BYPASSES, SAME_SITE_PATHS } from './safe-path.cases.js';
import { sameSitePath } from './safe-path.js';

describe('sameSitePath', () => {
  it.each(REDIRECT_BYPASSES.map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))('refuses %s', (_name, payload) => {
    expect(sameSitePath(payload)).toBeNull();
  });

  it.each(SAME_SITE_PATHS)('keeps %j as %j', (input, expected) => {
    expect(sameSitePath(input)).toBe(expected);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['/x'], { href: '/x' }]) expect(sameSitePath(value)).toBeNull();
  });
});
