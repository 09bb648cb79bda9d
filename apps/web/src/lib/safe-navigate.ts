import { sameSitePath } from '@xueba/contract';

/**
 * Refusal of external URLs and disallowed protocols (spec §8). Every
 * navigation to a URL that came from outside the code (query parameters,
 * config, server data) goes through here.
 */
const ALWAYS_REFUSED = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);
const WEB_PROTOCOLS = new Set(['http:', 'https:']);

export interface SafeUrlOptions {
  /** Allow another origin (still http/https only). */
  allowExternal?: boolean;
  /** Extra protocols allowed for this link, e.g. ['mailto:']. Never javascript:/data:. */
  allowProtocols?: string[];
}

export type SafeUrl = { ok: true; external: boolean; href: string } | { ok: false; reason: 'protocol' | 'external' | 'invalid' };

/** Drops leading and trailing C0 control characters and spaces (code points 0-32), as URL parsers do. */
function trimControl(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end -= 1;
  return value.slice(start, end);
}

export function checkUrl(raw: string, options: SafeUrlOptions = {}, origin: string = currentOrigin()): SafeUrl {
  // Browsers ignore tabs/newlines and leading control characters in URLs ("java\nscript:"), so must we.
  const value = trimControl(raw.replace(/[\t\n\r]/g, ''));
  if (!value) return { ok: false, reason: 'invalid' };
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const protocol = url.protocol.toLowerCase();
  if (ALWAYS_REFUSED.has(protocol)) return { ok: false, reason: 'protocol' };
  if (!WEB_PROTOCOLS.has(protocol)) {
    return options.allowProtocols?.includes(protocol) ? { ok: true, external: true, href: url.href } : { ok: false, reason: 'protocol' };
  }
  if (url.origin !== origin) {
    return options.allowExternal ? { ok: true, external: true, href: url.href } : { ok: false, reason: 'external' };
  }
  // Same origin, but `/.//evil` resolves to `//evil`, which the router would hand to the browser as a host.
  const path = sameSitePath(url.pathname + url.search + url.hash);
  return path === null ? { ok: false, reason: 'external' } : { ok: true, external: false, href: path };
}

/** A same-site path from an untrusted value, or the fallback: the same check as the server's sign-in redirect. Used for `redirect` query parameters. */
export function safeInternalPath(raw: string | null | undefined, fallback = '/'): string {
  return sameSitePath(raw) ?? fallback;
}

/**
 * Navigates only when allowed: internal paths through the router's navigate,
 * external ones (when explicitly allowed) in a new tab without opener.
 * Returns false when refused.
 */
export function safeNavigate(navigate: (path: string) => void, raw: string, options: SafeUrlOptions = {}): boolean {
  const result = checkUrl(raw, options);
  if (!result.ok) return false;
  if (result.external) window.open(result.href, '_blank', 'noopener,noreferrer');
  else navigate(result.href);
  return true;
}

function currentOrigin(): string {
  return typeof location !== 'undefined' ? location.origin : 'http://localhost';
}
