import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { okSchema, safeString } from './common.js';

/** The WHATWG URL parser of Node and browsers (the contract compiles without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  port: string;
  username: string;
  password: string;
  href: string;
}
declare const URL: new (url: string) => ParsedUrl;

/**
 * Embedded views (`/webview?url=`, `/webview2?url=`): an external https page
 * shown in a sandboxed frame only when its host is on the administrator's
 * allow-list. The same check runs in the browser, on the server (`webviewCheck`)
 * and in the CSP `frame-src`, which also stops a frame redirected off the list.
 */

/** A host name as the allow-list holds it: lower-case labels, no scheme, port, path or wildcard. */
export const WEBVIEW_HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const WEBVIEW_MAX_HOSTS = 50;

const hostSchema = safeString()
  .trim()
  .toLowerCase()
  .regex(WEBVIEW_HOST_PATTERN, 'webview_host_invalid');

export const webviewSettingsSchema = z.object({ hosts: z.array(hostSchema).max(WEBVIEW_MAX_HOSTS) });
export type WebviewSettings = z.infer<typeof webviewSettingsSchema>;

/**
 * Whether a URL may be framed: https only, no credentials, and the host equal
 * to one on the list (`docs.example.com` is not `example.com`, and
 * `example.com.evil.io` is not `example.com`). Returns the normalised URL.
 */
export function webviewUrl(raw: string, hosts: readonly string[]): string | null {
  const value = raw.trim();
  if (!/^https:\/\//i.test(value)) return null;
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (url.port && url.port !== '443') return null;
  return hosts.includes(url.hostname.toLowerCase()) ? url.href : null;
}

export const webviewEndpoints = {
  webviewCheck: endpoint({
    method: 'GET',
    path: '/webview/check',
    auth: 'none',
    summary: 'Whether a URL may be shown in an embedded view; refused with webview_refused otherwise',
    tags: ['webview'],
    query: z.object({ url: safeString().max(2048) }),
    response: z.object({ url: safeString() }),
  }),
  adminWebviewSettings: endpoint({
    method: 'GET',
    path: '/admin/webview',
    auth: 'admin',
    summary: 'The hosts embedded views may show',
    tags: ['admin', 'webview'],
    response: webviewSettingsSchema,
  }),
  adminWebviewSave: endpoint({
    method: 'POST',
    path: '/admin/webview',
    auth: 'admin',
    summary: 'Saves the hosts embedded views may show (https only; the CSP frame-src follows)',
    tags: ['admin', 'webview'],
    body: webviewSettingsSchema,
    response: okSchema,
  }),
};
