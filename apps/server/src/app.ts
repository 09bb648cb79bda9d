import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { sendFailure } from './platform/http/envelope.js';
import { createFeatures, createServices, type Services } from './services.js';
import type { SessionService } from './modules/session/session.service.js';
import { registerModules } from './modules/index.js';
import { serveWeb } from './platform/http/web.js';
import { apiPrefixPath } from './platform/http/origin.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    sessions: SessionService;
    ctx: AppContext;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Serve the built web app from this directory (production, `npm start`). */
  webDist?: string;
}

/**
 * Builds the whole HTTP app on a context. Plugins first, then the API under
 * its prefix, then the web app with an SPA fallback.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.env.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Rejects prototype-poisoning keys in JSON bodies instead of silently accepting them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // One line a request (written on response, below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by our own code from typed data; plain JSON.stringify is the fastest honest serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const services = createServices(ctx);
  app.decorate('services', services);
  app.decorate('sessions', services.sessions);
  app.decorate('ctx', ctx);

  installErrorHandler(app);
  await registerSecurityHeaders(app, ctx.storage.urlOrigins?.() ?? [], () => services.webviews.frameSources());
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 10, fields: 20, parts: 40 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Xueba API', version: ctx.version },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${ctx.env.API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await registerModules(api, ctx, services, createFeatures(ctx, services, api.log));
      api.setNotFoundHandler((request, reply) => sendFailure(request, reply, 404, 'not_found'));
    },
    { prefix: apiPrefixPath(ctx.env) },
  );

  await serveWeb(app, ctx, options.webDist);
  return app;
}
