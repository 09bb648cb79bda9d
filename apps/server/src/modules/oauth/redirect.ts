const BASE = 'http://same-site.invalid';
const MAX_LENGTH = 1000;

/**
 * Where to send the browser after sign-in: only a path on this site. Anything
 * that a browser could read as another origin (`//evil`, `/\evil`, a scheme
 * such as `https:` or `javascript:`, control characters that browsers strip)
 * falls back to `/`.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
