import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the Google sign-in
 * tests: authorization code + PKCE, signed ID tokens, and its own login and
 * consent pages, driven over plain HTTP with a cookie jar.
 */
export const APP_URL = 'http://xueba.test';
export const SECURE_APP_URL = 'https://secure.xueba.test';
export const CALLBACK_PATH = '/api/login/google/callback';
export const CLIENT_ID = 'xueba-test-client';
export const CLIENT_SECRET = 'xueba-test-client-secret-0123456789';

export const ACCOUNTS: Record<string, AccountClaims> = {
  alice: { sub: 'google-alice', email: 'Alice@Example.com', email_verified: true, name: 'Alice Liddell', picture: 'https://images.example/alice.png' },
  bob: { sub: 'google-bob', email: 'bob.linked@example.com', email_verified: true, name: 'Bob', picture: 'https://images.example/bob.png' },
  carol: { sub: 'google-carol', email: 'carol.unverified@example.com', email_verified: false, name: 'Carol' },
  dave: { sub: 'google-dave', email: 'dave@example.com', email_verified: true, name: 'Dave' },
};

export interface Peer {
  issuer: string;
  close(): Promise<void>;
}

/** Starts oidc-provider on a free port. `idTokenClaims: false` keeps email/name out of the ID token (userinfo only). */
export async function startProvider(options: { idTokenClaims: boolean }): Promise<Peer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP_URL}${CALLBACK_PATH}`, `${SECURE_APP_URL}${CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: !options.idTokenClaims,
    findAccount: (_ctx: unknown, id: string) => {
      const claims = ACCOUNTS[id];
      return claims ? { accountId: id, claims: () => claims } : undefined;
    },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['oidc-cookie-secret-for-tests'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A tiny cookie jar for the provider's interaction cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function decodeHtml(value: string): string {
  return value.replace(/&#x2F;/gi, '/').replace(/&#x3D;/gi, '=').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

/**
 * Follows the provider from the authorization URL through its login form
 * (any password) and consent form, until it redirects to our callback.
 * Returns that callback URL. `deny` aborts at the consent page instead.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, options: { deny?: boolean } = {}): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    jar.store(response.headers);
    form = undefined;
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', url);
      if (location.pathname === CALLBACK_PATH) return location;
      url = location.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = decodeHtml(/<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '');
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    const submit = new URL(action, url).href;
    if (prompt === 'consent' && options.deny) {
      url = `${submit}/abort`;
      continue;
    }
    form = prompt === 'login' ? new URLSearchParams({ prompt: 'login', login, password: 'anything' }) : new URLSearchParams({ prompt: 'consent' });
    url = submit;
  }
  throw new Error('the provider did not redirect back');
}
