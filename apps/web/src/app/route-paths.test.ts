import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/app/routes';
import { routePathsOf } from '../../vite/route-paths';

describe('routePathsOf', () => {
  it('reads exactly the route table’s paths from its source', () => {
    const source = readFileSync(path.resolve('apps/web/src/app/routes.ts'), 'utf8');
    expect(routePathsOf(source)).toEqual(ROUTES.map((r) => r.path));
  });
});
