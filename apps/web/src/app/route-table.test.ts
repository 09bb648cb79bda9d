import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { localizePath, splitLocale, stripLocale } from '@/lib/locale-path';
import { expandRoutes, findRoute } from './route-table';
import { ROUTES } from './routes';

describe('route table', () => {
  it('exposes every route unprefixed and under /en, /zh, /ja and /ko', () => {
    const paths = expandRoutes().map((r) => r.path);
    for (const def of ROUTES) {
      const suffix = def.path === '/' ? '' : def.path;
      expect(paths).toContain(def.path);
      for (const l of ['en', 'zh', 'ja', 'ko']) expect(paths).toContain(`/${l}${suffix}`);
    }
    expect(paths).toHaveLength(ROUTES.length * 5);
    expect(new Set(expandRoutes().map((r) => r.id)).size).toBe(ROUTES.length * 5);
  });

  it('contains the routes of this issue', () => {
    for (const path of ['/', '/introduce', '/lang', '/lang/redirect', '/lang/google', '/policy/:type', '/user/info', '/empty', '/admin/*']) {
      expect(ROUTES.map((r) => r.path)).toContain(path);
    }
  });

  it('matches prefixed URLs with react-router and finds their definitions', () => {
    const routes = expandRoutes().map((r) => ({ path: r.path, id: r.id }));
    expect(matchRoutes(routes, '/ja/user/info')?.[0]?.route.id).toBe('ja:/user/info');
    expect(matchRoutes(routes, '/policy/privacy')?.[0]?.route.id).toBe('default:/policy/:type');
    expect(matchRoutes(routes, '/ko/admin/settings')?.[0]?.route.id).toBe('ko:/admin/*');
    expect(matchRoutes(routes, '/fr/user/info')).toBeNull();
    // A named page of the spec, not a plan id.
    expect(matchRoutes(routes, '/openvip/index_copy')?.[0]?.route.id).toBe('default:/openvip/index_copy');
    expect(findRoute('/en/user/info')?.auth).toBe('user');
    // The staff area lets operators in; the console shows them only their sections.
    expect(findRoute('/admin/outbox')?.auth).toBe('operator');
    expect(findRoute('/ja')?.path).toBe('/');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('marks the guarded routes', () => {
    expect(ROUTES.filter((r) => r.auth).map((r) => `${r.path}:${r.auth}`).sort()).toEqual([
      '/admin/*:operator',
      '/app/drawing/record:user',
      '/components/doc-detail:user',
      '/components/doc-manage:user',
      '/create/produce:user',
      '/create:user',
      '/doc/chat:user',
      '/doc/details:user',
      '/doc/h5:user',
      '/doc/manage:user',
      '/drawing/record:user',
      '/paper/check/:id:user',
      '/paper/write/:id:user',
      '/paper/write:user',
      '/promotion/distribution:user',
      '/promotion/withdrawal:user',
      '/user/collection:user',
      '/user/info:user',
      '/user/notice:user',
      '/user/opinion:user',
      '/user/orders:user',
      '/user/tasks:user',
    ]);
  });

  it('builds a router that accepts every expanded path', () => {
    const router = createMemoryRouter(
      expandRoutes().map((r) => ({ id: r.id, path: r.path, element: null })),
      { initialEntries: ['/en/introduce'] },
    );
    expect(router.state.matches[0]?.route.id).toBe('en:/introduce');
    router.dispose();
  });
});

describe('locale paths', () => {
  it('splits and strips the locale prefix (spec §2 normalisation)', () => {
    expect(splitLocale('/ja/user/info')).toEqual({ locale: 'ja', path: '/user/info', prefixed: true });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/', prefixed: true });
    expect(splitLocale('/user/info')).toEqual({ locale: 'zh', path: '/user/info', prefixed: false });
    expect(splitLocale('/english/x').locale).toBe('zh');
    expect(stripLocale('/ko/policy/service')).toBe('/policy/service');
  });

  it('adds the prefix for a locale and leaves Chinese unprefixed', () => {
    expect(localizePath('/user/info', 'ja')).toBe('/ja/user/info');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en/user/info', 'zh')).toBe('/user/info');
    expect(localizePath('/ja/x?y=1#z', 'ko')).toBe('/ko/x?y=1#z');
    expect(localizePath('/?q=a', 'en')).toBe('/en?q=a');
  });
});
