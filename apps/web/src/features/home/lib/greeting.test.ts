import { describe, expect, it } from 'vitest';
import { isNewAccount } from './greeting';

describe('isNewAccount', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('is new within the first hour only', () => {
    expect(isNewAccount('2026-11-25T11:30:00Z', now)).toBe(true);
    expect(isNewAccount('2026-11-25T10:59:59Z', now)).toBe(false);
  });
  it('is not new when the time cannot be read', () => {
    expect(isNewAccount('', now)).toBe(false);
  });
});
