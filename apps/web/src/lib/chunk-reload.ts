/** Spec §8/§9: a failed chunk load reloads the page, at most once every 10 s (a stale deploy heals; a dead network does not loop). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY = 'xueba_chunk_reload_at';

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(text);
}

/** Records the reload and returns true when one is allowed now. */
export function claimChunkReload(now: number = Date.now(), store: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStore()): boolean {
  const last = Number(store?.getItem(KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  store?.setItem(KEY, String(now));
  return true;
}

/** Returns true when the page is being reloaded. */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error) || !claimChunkReload()) return false;
  window.location.reload();
  return true;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
