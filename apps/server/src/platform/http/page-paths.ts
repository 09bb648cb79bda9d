import { LOCALES } from '@xueba/contract';

/**
 * Whether a URL path is a page of the web app's route table (the build writes
 * the table's paths to `route-paths.json`): each path unprefixed and under every
 * locale prefix, `:name` matching one segment and a trailing `*` the rest.
 */
export function pageMatcher(routePaths: readonly string[]): (urlPath: string) => boolean {
  const patterns = routePaths.map((route) => {
    const parts = route
      .split('/')
      .filter(Boolean)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const body = parts.length === 0 ? '' : `/${parts.join('/')}`;
    return body.endsWith('/.*') ? `${body.slice(0, -3)}(?:/.*)?` : body;
  });
  const prefixes = `(?:/(?:${LOCALES.join('|')}))?`;
  const re = new RegExp(`^${prefixes}(?:${patterns.join('|')})/?$`);
  return (urlPath) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return false;
    }
    return re.test(decoded === '' ? '/' : decoded);
  };
}
