import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, claimChunkReload, isChunkLoadError } from './chunk-reload';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk load reload guard', () => {
  it('recognises chunk load failures of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('allows one reload per 10 seconds', () => {
    const store = memoryStore();
    expect(claimChunkReload(100_000, store)).toBe(true);
    expect(claimChunkReload(100_000 + CHUNK_RELOAD_GUARD_MS - 1, store)).toBe(false);
    expect(claimChunkReload(100_000 + CHUNK_RELOAD_GUARD_MS, store)).toBe(true);
  });
});
