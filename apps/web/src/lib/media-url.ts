import { getRuntimeConfig } from './runtime-config';

/**
 * Pictures are site-relative (`/files/…`) unless an object store hands out its
 * own address; site-relative ones live on the API server, which may sit on
 * another origin than the page.
 */
export function mediaUrl(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${getRuntimeConfig().apiBase}${url}`;
}
