/**
 * urlTransform for rendered answers: only web links, mail links and
 * relative/fragment URLs survive. Everything else (javascript:, data:,
 * vbscript:, file:, custom schemes) becomes an empty string, which
 * react-markdown renders as a link that goes nowhere. Markdown has already
 * decoded entities (`javascript&#58;`) by the time this runs.
 */
const ALLOWED = /^(https?|mailto):$/i;

export function safeUrl(url: string): string {
  // Browsers drop tabs, newlines and leading control characters before reading the scheme ("java\tscript:").
  let value = url.replace(/[\t\n\r]/g, '');
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start += 1;
  value = value.slice(start);
  const colon = value.indexOf(':');
  if (colon === -1) return value;
  const beforePath = value.search(/[/?#]/);
  // A colon after the first / ? or # belongs to the path or query, not a scheme.
  if (beforePath !== -1 && beforePath < colon) return value;
  return ALLOWED.test(value.slice(0, colon + 1)) ? value : '';
}

/** Whether a sanitised URL leaves the site (opened in a new tab without opener). */
export function isExternal(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

/**
 * Where an answer's image comes from. Only this site's stored files show at
 * once; any other address waits for the reader's click, because loading it
 * would tell that host whatever a prompt-injected answer put into the URL
 * (decision 0019). `origin` is the page's own, passed in for tests.
 */
export function imageSource(url: string, origin: string = location.origin): { direct: boolean; host: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return { direct: false, host: '' };
  }
  const direct = parsed.origin === origin && parsed.pathname.startsWith('/files/');
  return { direct, host: parsed.host };
}
