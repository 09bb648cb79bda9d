/** The WHATWG URL parser of Node and browsers (the contract compiles without DOM or Node types). */
interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
declare const URL: new (url: string, base: string) => ParsedUrl;

const BASE = 'http://same-site.invalid';
/** Longer `redirect` values are refused outright: no page of this site has such a path. */
export const SAME_SITE_PATH_MAX = 1000;
/** Readers further down (a proxy, the router, a server that redirects again) may decode once or twice more. */
const DECODE_ROUNDS = 3;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters and backslashes are what this refuses
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** Browsers drop tabs and newlines anywhere in a URL, and C0 controls and spaces at both ends; so must a check. */
function asBrowserReads(value: string): string {
  const stripped = value.replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = stripped.length;
  while (start < end && stripped.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && stripped.charCodeAt(end - 1) <= 0x20) end -= 1;
  return stripped.slice(start, end);
}

function pathOf(value: string): string {
  const cut = value.search(/[?#]/);
  return cut === -1 ? value : value.slice(0, cut);
}

/**
 * One reading is safe when its path starts with exactly one slash (no `//`,
 * `/\`, scheme or host), holds no backslash or control character, and still
 * does after `.` and `..` segments (also `%2e`) are resolved: `/.//evil` and
 * `/x/../..//evil` resolve to `//evil`, which a browser reads as a host.
 */
function safeReading(value: string): string | null {
  const path = pathOf(value);
  if (!path.startsWith('/') || path.startsWith('//') || CONTROL_OR_BACKSLASH.test(path)) return null;
  let url: ParsedUrl;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A path on this site from an untrusted value (a `redirect` query parameter),
 * normalised (dot segments resolved), or null when any reading of it could
 * leave the site: other origins, `//host`, `/\host`, `\/host`, `javascript:`,
 * `data:`, tabs and newlines that browsers strip, and the same tricks
 * percent-encoded (`%2f`, `%5c`, `%2e`), decoded up to three times. The
 * server's sign-in redirect and the web app's navigation both use it.
 */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > SAME_SITE_PATH_MAX) return null;
  const value = asBrowserReads(raw);
  if (CONTROL.test(value)) return null;
  const result = safeReading(value);
  if (result === null) return null;
  let path = pathOf(value);
  for (let round = 0; ; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) return result;
    // Still changing after the last round: nothing honest is encoded that deep.
    if (round === DECODE_ROUNDS || safeReading(asBrowserReads(decoded)) === null || asBrowserReads(decoded) !== decoded) return null;
    path = decoded;
  }
}
