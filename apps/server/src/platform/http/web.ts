import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PLACEHOLDER, type RuntimeConfig } from '@xueba/contract';
import type { AppContext } from '../context.js';
import { sendFailure } from './envelope.js';
import { pageMatcher } from './page-paths.js';
import { serveFiles } from './files.js';

/**
 * The runtime configuration as a JSON data block: the browser does not run it,
 * so the content security policy needs no inline script (decision 0019). `<`
 * is escaped so no value can close the element.
 */
export function runtimeConfigBlock(runtime: RuntimeConfig): string {
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${JSON.stringify(runtime).replace(/</g, '\\u003c')}</script>`;
}

/**
 * Serves stored files under /files/ (files.ts) and, when a web build is given, the SPA:
 * hashed assets cached for a year, index.html never cached and carrying the
 * runtime configuration, and every other GET answered with index.html so the
 * client router can show the page (or its own 404 page).
 */
export async function serveWeb(app: FastifyInstance, ctx: AppContext, webDist?: string): Promise<void> {
  serveFiles(app, ctx);

  const apiPrefix = ctx.env.API_PREFIX;
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !indexFile || !fs.existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => sendFailure(request, reply, 404, 'not_found'));
    return;
  }

  const runtime: RuntimeConfig = { apiBase: '', apiPrefix, version: ctx.version, publicUrl: ctx.env.PUBLIC_URL ?? '' };
  const indexHtml = fs.readFileSync(indexFile, 'utf8').replace(RUNTIME_CONFIG_PLACEHOLDER, () => runtimeConfigBlock(runtime));

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });

  const sendIndex = (reply: import('fastify').FastifyReply, status = 200) =>
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  // A path outside the web app's route table still gets the app (it shows its own
  // 404 page in the visitor's language), with an honest 404 status. A build
  // without the table's paths answers every path as a page.
  const pathsFile = path.join(webDist, 'route-paths.json');
  const isPage = fs.existsSync(pathsFile) ? pageMatcher(JSON.parse(fs.readFileSync(pathsFile, 'utf8')) as string[]) : () => true;

  app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || url.startsWith(`${apiPrefix}/`) || url.startsWith('/assets/') || url.startsWith('/files/')) {
      return sendFailure(request, reply, 404, 'not_found');
    }
    return sendIndex(reply, isPage(url) ? 200 : 404);
  });
}
