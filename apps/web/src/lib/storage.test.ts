import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_PREFIX, getItem, getSetting, removeItem, setItem, updateSetting } from './storage';

afterEach(() => localStorage.clear());

describe('storage helper', () => {
  it('prefixes keys with app_ and round-trips JSON values', () => {
    setItem('chat_model', { id: 3, name: 'x' });
    expect(localStorage.getItem(`${STORAGE_PREFIX}chat_model`)).toContain('"name":"x"');
    expect(getItem('chat_model')).toEqual({ id: 3, name: 'x' });
  });

  it('keeps a value until its expiry in seconds and drops it on the first read after', () => {
    const now = 1_000_000;
    setItem('token', 'abc', 10, now);
    expect(getItem('token', now + 9_999)).toBe('abc');
    expect(getItem('token', now + 10_000)).toBeNull();
    // Dropped from storage, not merely hidden.
    expect(localStorage.getItem('app_token')).toBeNull();
  });

  it('keeps values without expiry forever', () => {
    setItem('notice', 'n1', undefined, 0);
    expect(getItem('notice', Number.MAX_SAFE_INTEGER)).toBe('n1');
  });

  it('treats foreign or corrupt values as absent', () => {
    localStorage.setItem('app_channel', 'not json');
    expect(getItem('channel')).toBeNull();
    localStorage.setItem('app_channel', '{"no":"envelope"}');
    expect(getItem('channel')).toBeNull();
    expect(localStorage.getItem('app_channel')).toBeNull();
  });

  it('removes values and merges settings', () => {
    setItem('user_sn', 'u1');
    removeItem('user_sn');
    expect(getItem('user_sn')).toBeNull();
    updateSetting({ theme: 'dark' });
    updateSetting({ orgCode: 'org-9' });
    expect(getSetting()).toEqual({ theme: 'dark', orgCode: 'org-9' });
  });
});
