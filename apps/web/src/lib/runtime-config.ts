import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@xueba/contract';

const FALLBACK_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

let injected: Partial<RuntimeConfig> | undefined;

/**
 * The JSON data block the server puts into index.html (decision 0019: data, not
 * an inline script). Read once; a missing or broken block counts as empty.
 */
function readInjected(): Partial<RuntimeConfig> {
  if (injected) return injected;
  injected = {};
  const text = typeof document !== 'undefined' ? document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent : undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>;
        const field = (key: keyof RuntimeConfig) => (typeof record[key] === 'string' ? record[key] : undefined);
        injected = { apiBase: field('apiBase'), apiPrefix: field('apiPrefix'), version: field('version'), publicUrl: field('publicUrl') };
      }
    } catch {
      // A hand-edited index.html with broken JSON: fall back like `vite dev`.
    }
  }
  return injected;
}

/**
 * Base URL, prefix and version come from the config the server injects into
 * index.html; `vite dev` has no server in front, so same-origin `/api` is the fallback.
 */
export function getRuntimeConfig(): RuntimeConfig {
  const config = readInjected();
  return {
    apiBase: (config.apiBase ?? '').replace(/\/+$/, ''),
    apiPrefix: config.apiPrefix ?? '/api',
    version: config.version ?? FALLBACK_VERSION,
    publicUrl: config.publicUrl ?? (typeof location !== 'undefined' ? location.origin : ''),
  };
}

/** Forgets the parsed block (tests replace the document between cases). */
export function resetRuntimeConfig(): void {
  injected = undefined;
}

export function apiUrl(path: string): string {
  const { apiBase, apiPrefix } = getRuntimeConfig();
  return `${apiBase}${apiPrefix}${path}`;
}
