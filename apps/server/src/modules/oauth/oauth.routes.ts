import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api, OAUTH_PATHS, type MessageKey } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { hmac } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { defineRoute } from '../../platform/http/route.js';
import { apiPrefixPath, publicOrigin } from '../../platform/http/origin.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { SESSION_TTL_MS } from '../session/session.service.js';
import type { OauthProvider } from './oauth.repository.js';
import { OauthFailure, type OauthService, STATE_TTL_MS } from './oauth.service.js';
import { safeRedirect } from './redirect.js';
import type { OauthSettingsService } from './oauth.settings.js';

/** The web page that finishes a third-party sign-in (spec §2 `/lang/google`), for both providers. */
const LANDING = '/lang/google';
const STARTS_PER_IP_PER_HOUR = 60;
/** HttpOnly cookie binding a pending sign-in to the browser that started it (see OauthService.start). */
export const BINDING_COOKIE = 'oauth_binding';

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * Browser routes of third-party sign-in (redirects, not JSON) and the admin
 * endpoints for their settings. Every failure ends on the landing page with
 * `?error=<message key>`; details go to the log only.
 */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext, oauth: OauthService, settings: OauthSettingsService): Promise<void> {
  const secureCookie = ctx.env.PUBLIC_URL?.startsWith('https://') ?? false;

  const callbackUrl = (request: FastifyRequest, provider: OauthProvider) =>
    `${publicOrigin(ctx, request)}${apiPrefixPath(ctx.env)}${provider === 'google' ? OAUTH_PATHS.googleCallback : OAUTH_PATHS.wechatCallback}`;

  // Sent only to the callbacks (under <api>/login), and on the provider's top-level redirect back (Lax).
  const bindingCookie = { path: `${apiPrefixPath(ctx.env)}/login`, sameSite: 'lax' as const, httpOnly: true, secure: secureCookie };

  const fail = (request: FastifyRequest, reply: FastifyReply, provider: OauthProvider, error: unknown) => {
    const key: MessageKey = error instanceof OauthFailure || error instanceof AppError ? error.key : 'oauth_failed';
    request.log.warn({ err: error, provider }, 'third-party sign-in failed');
    return reply.header('cache-control', 'no-store').redirect(`${LANDING}?error=${encodeURIComponent(key)}`, 302);
  };

  const start = (provider: OauthProvider) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await hitRateLimit(ctx.db, ctx.now(), `oauth_start:${hmac(ctx.appSecret, `ip:${request.ip}`).slice(0, 32)}`, STARTS_PER_IP_PER_HOUR, 3600);
      const { location, binding } = await oauth.start(provider, safeRedirect(queryParam(request, 'redirect')), callbackUrl(request, provider));
      reply.setCookie(BINDING_COOKIE, binding, { ...bindingCookie, maxAge: Math.floor(STATE_TTL_MS / 1000) });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    } catch (error) {
      return fail(request, reply, provider, error);
    }
  };

  const callback = (provider: OauthProvider) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Single use, whatever the outcome.
    reply.clearCookie(BINDING_COOKIE, bindingCookie);
    try {
      // The URL the provider redirected to, rebuilt on our registered callback so redirect_uri matches exactly.
      const current = new URL(callbackUrl(request, provider));
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      current.search = rawQuery;
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const result = await oauth.finish(provider, current, meta, request.cookies[BINDING_COOKIE]);
      // Not httpOnly: the SPA reads it and sends it as the `token` header (spec §4 keeps the token in a cookie).
      reply.setCookie('token', result.token, {
        path: '/',
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
        sameSite: 'lax',
        httpOnly: false,
        secure: secureCookie,
      });
      return reply.header('cache-control', 'no-store').redirect(`${LANDING}?redirect=${encodeURIComponent(result.redirect)}`, 302);
    } catch (error) {
      return fail(request, reply, provider, error);
    }
  };

  const browserRoute = (summary: string) => ({ schema: { summary, tags: ['auth'], description: 'Browser redirect (302), not a JSON endpoint.' } });
  app.get(OAUTH_PATHS.googleStart, browserRoute('Start Google sign-in (?redirect=/same-site/path); 302 to the provider'), start('google'));
  app.get(OAUTH_PATHS.googleCallback, browserRoute('Google sign-in callback; sets the token cookie, 302 to /lang/google'), callback('google'));
  app.get(OAUTH_PATHS.wechatStart, browserRoute('Start WeChat QR sign-in (?redirect=/same-site/path); 302 to WeChat'), start('wechat'));
  app.get(OAUTH_PATHS.wechatCallback, browserRoute('WeChat sign-in callback; sets the token cookie, 302 to /lang/google'), callback('wechat'));

  defineRoute(app, api.oauthProviders, { handler: () => settings.status() });

  const callbacks = (request: FastifyRequest) => ({ google: callbackUrl(request, 'google'), wechat: callbackUrl(request, 'wechat') });

  defineRoute(app, api.getOauth, { handler: ({ request }) => settings.adminView(callbacks(request)) });

  defineRoute(app, api.saveOauth, {
    msg: 'saved',
    handler: async ({ body, request }) => {
      await settings.save(body);
      return settings.adminView(callbacks(request));
    },
  });
}
