import type { RuntimeConfig } from '@xueba/contract';

const FALLBACK_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/**
 * Base URL, prefix and version come from the config the server injects into
 * index.html; `vite dev` has no server in front, so same-origin `/api` is the fallback.
 */
export function getRuntimeConfig(): RuntimeConfig {
  const injected = typeof window !== 'undefined' ? window.__XUEBA_CONFIG__ : undefined;
  return {
    apiBase: (injected?.apiBase ?? '').replace(/\/+$/, ''),
    apiPrefix: injected?.apiPrefix ?? '/api',
    version: injected?.version ?? FALLBACK_VERSION,
    publicUrl: injected?.publicUrl ?? (typeof location !== 'undefined' ? location.origin : ''),
  };
}

export function apiUrl(path: string): string {
  const { apiBase, apiPrefix } = getRuntimeConfig();
  return `${apiBase}${apiPrefix}${path}`;
}
