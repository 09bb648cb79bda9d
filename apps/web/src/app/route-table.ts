import { matchPath } from 'react-router';
import { LOCALE_PREFIXES, stripLocale } from '@/lib/locale-path';
import { ROUTES, type LayoutName, type RouteDef } from './routes';

export interface ExpandedRoute {
  /** Stable id, e.g. `ja:/user/info`. */
  id: string;
  path: string;
  prefix: string;
  def: RouteDef;
}

export function joinPrefix(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** Every route under every prefix: '' (zh), /en, /zh, /ja, /ko. */
export function expandRoutes(defs: RouteDef[] = ROUTES): ExpandedRoute[] {
  return defs.flatMap((def) =>
    LOCALE_PREFIXES.map((prefix) => ({ id: `${prefix.slice(1) || 'default'}:${def.path}`, path: joinPrefix(prefix, def.path), prefix, def })),
  );
}

export function routesByLayout(layout: LayoutName, defs: RouteDef[] = ROUTES): ExpandedRoute[] {
  return expandRoutes(defs.filter((d) => d.layout === layout));
}

/** The route definition serving a (possibly prefixed) pathname, for guards and prefetch. */
export function findRoute(pathname: string, defs: RouteDef[] = ROUTES): RouteDef | undefined {
  const bare = stripLocale(pathname.split(/[?#]/)[0] ?? '/');
  return defs.find((def) => matchPath({ path: def.path, end: true }, bare) !== null);
}
