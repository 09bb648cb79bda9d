import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_BYPASSES, SAME_SITE_PATHS } from '../../../../packages/contract/src/safe-path.cases';
import { checkUrl, safeInternalPath, safeNavigate } from './safe-navigate';

const origin = 'https://xueba.example';

describe('safe navigation', () => {
  it('allows same-origin relative and absolute paths', () => {
    expect(checkUrl('/user/info?x=1#h', {}, origin)).toEqual({ ok: true, external: false, href: '/user/info?x=1#h' });
    expect(checkUrl('https://xueba.example/ja/', {}, origin)).toEqual({ ok: true, external: false, href: '/ja/' });
  });

  it('refuses other origins unless explicitly allowed', () => {
    expect(checkUrl('https://evil.example/', {}, origin)).toEqual({ ok: false, reason: 'external' });
    expect(checkUrl('//evil.example/path', {}, origin)).toEqual({ ok: false, reason: 'external' });
    expect(checkUrl('/\\evil.example', {}, origin)).toEqual({ ok: false, reason: 'external' });
    expect(checkUrl('https://partner.example/a', { allowExternal: true }, origin)).toEqual({ ok: true, external: true, href: 'https://partner.example/a' });
  });

  it('always refuses javascript:, data: and similar protocols, even obfuscated or when external is allowed', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', 'file:///etc/passwd']) {
      expect(checkUrl(url, { allowExternal: true, allowProtocols: ['javascript:', 'data:'] }, origin)).toMatchObject({ ok: false, reason: 'protocol' });
    }
  });

  it('allows other protocols only when listed', () => {
    expect(checkUrl('mailto:a@b.c', {}, origin)).toMatchObject({ ok: false, reason: 'protocol' });
    expect(checkUrl('mailto:a@b.c', { allowProtocols: ['mailto:'] }, origin)).toMatchObject({ ok: true, external: true });
  });

  it('turns untrusted redirect parameters into in-site paths', () => {
    expect(safeInternalPath('/user/info')).toBe('/user/info');
    expect(safeInternalPath('https://evil.example/')).toBe('/');
    expect(safeInternalPath('javascript:alert(1)', '/home')).toBe('/home');
    expect(safeInternalPath(null)).toBe('/');
  });

  it.each(REDIRECT_BYPASSES.map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))('refuses the filter bypass %s, as a redirect and as a link', (_name, payload) => {
    expect(safeInternalPath(payload, '/home')).toBe('/home');
    // A link may be relative ("evil.example" is a page of this site), but it never leaves the site.
    const link = checkUrl(payload, {}, origin);
    if (link.ok) expect(link).toMatchObject({ external: false, href: expect.stringMatching(/^\/(?![/\\])[^\\]*$/) });
    const navigate = vi.fn();
    safeNavigate(navigate, payload);
    for (const [path] of navigate.mock.calls) expect(String(path)).toMatch(/^\/(?![/\\])[^\\]*$/);
  });

  it.each(SAME_SITE_PATHS)('keeps the same-site path %j as %j', (input, expected) => {
    expect(safeInternalPath(input)).toBe(expected);
    expect(checkUrl(input, {}, origin)).toEqual({ ok: true, external: false, href: expected });
  });

  it('safeNavigate calls navigate only for allowed targets', () => {
    const navigate = vi.fn();
    expect(safeNavigate(navigate, '/policy/service')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/policy/service');
    expect(safeNavigate(navigate, 'javascript:alert(1)')).toBe(false);
    expect(safeNavigate(navigate, 'https://evil.example/')).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
