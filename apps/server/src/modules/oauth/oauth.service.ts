import type { MessageKey } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { hmac, randomToken, safeEqualHex } from '../../platform/crypto.js';
import { PG, pgErrorCode } from '../../platform/db/transaction.js';
import type { UserRow } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import type { NewAccount } from '../user/account.service.js';
import { GoogleOidcClient, type GoogleProfile } from './google.client.js';
import { OauthRepository, type OauthProvider, type StoredState } from './oauth.repository.js';
import { WechatOauthClient, type WechatProfile } from './wechat.client.js';

/** A pending sign-in is good for 10 minutes and one callback. */
export const STATE_TTL_MS = 10 * 60 * 1000;
const NICKNAME_MAX = 32;
const AVATAR_MAX = 512;

/** A sign-in that cannot go on; `key` becomes `?error=` on the page the browser lands on. */
export class OauthFailure extends Error {
  constructor(
    readonly key: MessageKey,
    message: string = key,
  ) {
    super(message);
    this.name = 'OauthFailure';
  }
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

function cleanNickname(value: string | null): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  const cleaned = value?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, NICKNAME_MAX);
  return cleaned || undefined;
}

function cleanAvatar(value: string | null): string | undefined {
  return value && /^https?:\/\//i.test(value) && value.length <= AVATAR_MAX ? value : undefined;
}

/**
 * Third-party sign-in: remember a pending sign-in (state, nonce, PKCE
 * verifier, where to return) in the database so any process can finish it,
 * then find, link or create the account and open a session.
 */
export class OauthService {
  private readonly repo = new OauthRepository();
  private readonly google = new GoogleOidcClient();
  private readonly wechat: WechatOauthClient;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'sessions' | 'oauth' | 'userInfo' | 'accounts'>,
  ) {
    this.wechat = new WechatOauthClient(ctx.env.WECHAT_OPEN_URL, ctx.env.WECHAT_API_URL);
  }

  /**
   * The provider's authorization URL to send the browser to, and the binding
   * the route keeps in that browser's cookie: only the browser that started a
   * sign-in may finish it (no login CSRF with an attacker's own callback URL).
   */
  async start(provider: OauthProvider, redirect: string, callbackUrl: string): Promise<{ location: string; binding: string }> {
    const now = this.ctx.now();
    const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
    await this.repo.pruneStates(this.ctx.db, now);
    if (provider === 'google') {
      const settings = await this.deps.oauth.google();
      if (!settings) throw new OauthFailure('oauth_not_configured');
      const pending = await this.google.start(settings, callbackUrl);
      await this.repo.insertState(this.ctx.db, { state: pending.state, provider, codeVerifier: pending.codeVerifier, nonce: pending.nonce, redirect, now, expiresAt });
      return { location: pending.url.href, binding: this.binding(pending.state, pending.codeVerifier) };
    }
    const settings = await this.deps.oauth.wechat();
    if (!settings) throw new OauthFailure('oauth_not_configured');
    const state = randomToken(24);
    await this.repo.insertState(this.ctx.db, { state, provider, codeVerifier: null, nonce: null, redirect, now, expiresAt });
    return { location: this.wechat.authorizeUrl(settings, callbackUrl, state), binding: this.binding(state, null) };
  }

  /** A keyed hash of the state and the PKCE verifier: the cookie reveals neither, and only this server can make one. */
  private binding(state: string, codeVerifier: string | null): string {
    return hmac(this.ctx.appSecret, `oauth-binding|${state}|${codeVerifier ?? ''}`);
  }

  /**
   * Finishes a sign-in. `callbackUrl` is the full URL the provider sent the
   * browser to (its query carries code, state and possibly iss or error).
   * `binding` is the cookie set by `start` in the browser that began the
   * sign-in; a callback without it, or with another browser's, is refused
   * and spends the state. Returns a session token and the same-site path to
   * continue to.
   */
  async finish(provider: OauthProvider, callbackUrl: URL, meta: RequestMeta, binding: string | undefined): Promise<{ token: string; redirect: string }> {
    const params = callbackUrl.searchParams;
    const state = params.get('state');
    if (!binding) throw new OauthFailure('oauth_other_browser', 'callback without the binding cookie');
    const pending = await this.takeState(provider, state);
    if (!safeEqualHex(binding, this.binding(state ?? '', pending.code_verifier))) throw new OauthFailure('oauth_other_browser', 'callback with another browser\'s binding cookie');
    if (params.get('error')) throw new OauthFailure('oauth_failed', `provider answered error=${params.get('error')}`);
    const user = provider === 'google' ? await this.googleUser(callbackUrl, pending) : await this.wechatUser(params.get('code'));
    if (user.disabled) throw new OauthFailure('account_disabled', `user ${user.id} is disabled`);
    const token = await this.deps.sessions.create(user.id, { terminal: 'pc', ip: meta.ip, userAgent: meta.userAgent });
    return { token, redirect: pending.redirect };
  }

  private async takeState(provider: OauthProvider, state: string | null): Promise<StoredState> {
    if (!state || state.length > 200) throw new OauthFailure('oauth_failed', 'callback without state');
    const pending = await this.repo.takeState(this.ctx.db, state, provider);
    if (!pending) throw new OauthFailure('oauth_failed', 'unknown or already used state');
    if (pending.expires_at.getTime() <= this.ctx.now().getTime()) throw new OauthFailure('oauth_failed', 'expired state');
    return pending;
  }

  private async googleUser(callbackUrl: URL, pending: StoredState): Promise<UserRow> {
    const settings = await this.deps.oauth.google();
    if (!settings) throw new OauthFailure('oauth_not_configured');
    if (!pending.code_verifier || !pending.nonce) throw new OauthFailure('oauth_failed', 'state without PKCE verifier or nonce');
    const state = callbackUrl.searchParams.get('state') ?? '';
    const profile = await this.google.finish(settings, callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.code_verifier });
    return this.withRetry(() => this.findOrCreateGoogle(profile));
  }

  /** By Google subject; else by verified email (and link); else a new account from the claims. */
  private async findOrCreateGoogle(profile: GoogleProfile): Promise<UserRow> {
    const db = this.ctx.db;
    const bySub = await this.repo.findByGoogleSub(db, profile.sub);
    if (bySub) return bySub;
    const email = profile.email && profile.emailVerified ? profile.email : null;
    if (email) {
      const byEmail = await this.repo.findByEmail(db, email);
      if (byEmail) {
        if (byEmail.disabled) return byEmail;
        if (!(await this.repo.linkGoogle(db, byEmail.id, profile.sub, this.ctx.now()))) {
          throw new OauthFailure('oauth_failed', `user ${byEmail.id} is linked to another Google account`);
        }
        await this.deps.userInfo.invalidate(byEmail.id);
        return { ...byEmail, google_sub: profile.sub };
      }
    }
    return this.create({ email, googleSub: profile.sub, nickname: cleanNickname(profile.name), avatar: cleanAvatar(profile.picture) });
  }

  private async wechatUser(code: string | null): Promise<UserRow> {
    if (!code || code.length > 512) throw new OauthFailure('oauth_failed', 'callback without code');
    const settings = await this.deps.oauth.wechat();
    if (!settings) throw new OauthFailure('oauth_not_configured');
    const profile = await this.wechat.profile(settings, code);
    return this.withRetry(() => this.findOrCreateWechat(profile));
  }

  /** By unionid (the same person across the vendor's apps), else by openid, else a new account. */
  private async findOrCreateWechat(profile: WechatProfile): Promise<UserRow> {
    const db = this.ctx.db;
    const ids = { openid: profile.openid, unionid: profile.unionid };
    const found = (profile.unionid ? await this.repo.findByWechatUnionid(db, profile.unionid) : undefined) ?? (await this.repo.findByWechatOpenid(db, profile.openid));
    if (found) {
      if (!found.disabled && (found.wechat_openid === null || (profile.unionid && found.wechat_unionid === null))) {
        try {
          await this.repo.fillWechat(db, found.id, ids, this.ctx.now());
          await this.deps.userInfo.invalidate(found.id);
        } catch (error) {
          // The openid already belongs to another account: keep signing in by unionid without it.
          if (pgErrorCode(error) !== PG.UNIQUE_VIOLATION) throw error;
        }
      }
      return found;
    }
    return this.create({ wechatOpenid: profile.openid, wechatUnionid: profile.unionid, nickname: cleanNickname(profile.nickname), avatar: cleanAvatar(profile.headimgurl) });
  }

  private create(account: NewAccount): Promise<UserRow> {
    return this.deps.accounts.create(account);
  }

  /**
   * Two callbacks for one new person racing (two tabs) both try to create the
   * account; the loser hits a unique key and, on the second pass, finds the
   * winner's account.
   */
  private async withRetry(run: () => Promise<UserRow>): Promise<UserRow> {
    try {
      return await run();
    } catch (error) {
      const raced = pgErrorCode(error) === PG.UNIQUE_VIOLATION || (error instanceof AppError && error.key === 'email_registered');
      if (!raced) throw error;
      return run();
    }
  }
}
