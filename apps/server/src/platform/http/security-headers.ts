import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The browser policy of every response (docs/decisions/0019-content-security-policy.md).
 * Scripts, workers and connections stay on this origin; no inline script runs
 * (the runtime configuration travels as a JSON data block, web.ts). Styles
 * allow 'unsafe-inline' because antd writes `<style>` tags at run time and the
 * admin-written policy pages carry style attributes. Images allow any https
 * host: answers show a remote image only after the reader's click (the
 * Markdown renderer), and avatars and the site logo are remote URLs.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // 'wasm-unsafe-eval' compiles WebAssembly only (pdf.js image decoders); it does not allow eval or new Function.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
} as const;

/** Powerful features the app never uses, switched off for it and anything it frames. */
export const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'bluetooth', 'hid', 'midi', 'display-capture'].map((feature) => `${feature}=()`).join(', ');

/**
 * `fileOrigins`: where the store's presigned file URLs point (an S3 bucket, decision 0024); the PDF viewer fetches them.
 * `frameSources`: the embedded views' allow-list, read per response (an admin's save applies at once); a frame
 * that navigates or is redirected to any other host is blocked by the browser.
 */
export async function registerSecurityHeaders(app: FastifyInstance, fileOrigins: string[] = [], frameSources: () => string[] = () => []): Promise<void> {
  const frameSrc = (): string => ["'self'", ...frameSources()].join(' ');
  const directives = { ...CSP_DIRECTIVES, 'connect-src': [...CSP_DIRECTIVES['connect-src'], ...fileOrigins], 'frame-src': [frameSrc] };
  await app.register(helmet, {
    // Helmet's defaults add upgrade-insecure-requests, which would send every asset of a plain-HTTP install to https and break it.
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers honour HSTS only over https; without includeSubDomains it cannot lock out the operator's other hosts.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
