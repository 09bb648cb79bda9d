import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The `path: '…'` of every entry of the route table's source, in order. */
export function routePathsOf(source: string): string[] {
  return [...source.matchAll(/^\s*\{\s*path:\s*'([^']+)'/gm)].map((m) => m[1] as string);
}

/**
 * Writes `route-paths.json` beside index.html: the route table's paths, so the
 * server can answer 404 for a path no page handles while still sending the app
 * (which shows its own translated 404 page). Read from the table's source
 * because the table's entries import every page lazily.
 */
export function routePaths(routesFile: string): Plugin {
  return {
    name: 'xueba-route-paths',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'route-paths.json', source: JSON.stringify(routePathsOf(readFileSync(routesFile, 'utf8'))) });
    },
  };
}
