import { describe, expect, it } from 'vitest';
import { pageMatcher } from './page-paths.js';

describe('pageMatcher', () => {
  const isPage = pageMatcher(['/', '/chat', '/policy/:type', '/openvip/index_copy', '/openvip/:id', '/admin/*']);

  it('knows pages unprefixed and under each locale prefix, with parameters and a trailing wildcard', () => {
    for (const path of ['/', '/chat', '/chat/', '/en', '/ja/chat', '/policy/privacy', '/ko/policy/pay', '/openvip/3', '/admin', '/admin/users', '/zh/admin/settings/x']) {
      expect(isPage(path), path).toBe(true);
    }
  });

  it('refuses what no page handles', () => {
    for (const path of ['/nope', '/chat/x', '/fr/chat', '/policy', '/policy/a/b', '/administer', '/en/nope', '/%E0%A4%A']) {
      expect(isPage(path), path).toBe(false);
    }
  });
});
