import * as oidc from 'openid-client';
import { sha256 } from '../../platform/crypto.js';
import type { GoogleSettings } from './oauth.settings.js';

/** Discovery documents change rarely; re-read them hourly (and after any failure). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface PendingGoogle {
  state: string;
  nonce: string;
  codeVerifier: string;
  url: URL;
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
export function isLocalHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * Google sign-in over OpenID Connect with openid-client: authorization code
 * with PKCE (S256), state and nonce, and a verified ID token. Works with any
 * OpenID provider, which is how the tests run it against a local one.
 */
export class GoogleOidcClient {
  private readonly configs = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

  private configuration(settings: GoogleSettings): Promise<oidc.Configuration> {
    const key = `${settings.issuer}\n${settings.clientId}\n${sha256(settings.clientSecret)}`;
    const cached = this.configs.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      execute: isLocalHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: HTTP_TIMEOUT_SECONDS,
    });
    if (this.configs.size > 10) this.configs.clear();
    this.configs.set(key, { config, at: Date.now() });
    config.catch(() => this.configs.delete(key));
    return config;
  }

  async start(settings: GoogleSettings, redirectUri: string): Promise<PendingGoogle> {
    const config = await this.configuration(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { state, nonce, codeVerifier, url };
  }

  /**
   * Exchanges the code (checking state, nonce and the PKCE verifier) and reads
   * the profile from the signed ID token; providers that keep email and name
   * out of the ID token are asked at the userinfo endpoint.
   */
  async finish(settings: GoogleSettings, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<GoogleProfile> {
    const config = await this.configuration(settings);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    let source: Record<string, unknown> = claims;
    if (stringClaim(claims.email) === null && config.serverMetadata().userinfo_endpoint) {
      source = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    }
    return {
      sub: claims.sub,
      email: stringClaim(source.email)?.toLowerCase() ?? null,
      // Some providers send the boolean as a string.
      emailVerified: source.email_verified === true || source.email_verified === 'true',
      name: stringClaim(source.name),
      picture: stringClaim(source.picture),
    };
  }
}
