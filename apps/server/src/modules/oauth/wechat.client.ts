import type { WechatSettings } from './oauth.settings.js';

const TIMEOUT_MS = 10_000;

export interface WechatProfile {
  openid: string;
  unionid: string | null;
  nickname: string | null;
  headimgurl: string | null;
}

export class WechatError extends Error {
  constructor(
    readonly errcode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * WeChat "website application" sign-in (OAuth 2.0 QR connect): the browser
 * scans a QR code at open.weixin.qq.com, comes back with a code, and the
 * server exchanges it at api.weixin.qq.com for an access token and the user's
 * openid/unionid, then reads the profile.
 */
export class WechatOauthClient {
  constructor(
    private readonly openUrl: string,
    private readonly apiUrl: string,
  ) {}

  authorizeUrl(settings: WechatSettings, redirectUri: string, state: string): string {
    const query = new URLSearchParams({ appid: settings.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
    return `${this.openUrl.replace(/\/+$/, '')}/connect/qrconnect?${query.toString()}#wechat_redirect`;
  }

  async profile(settings: WechatSettings, code: string): Promise<WechatProfile> {
    const token = await this.get('/sns/oauth2/access_token', { appid: settings.appId, secret: settings.appSecret, code, grant_type: 'authorization_code' });
    const accessToken = text(token.access_token);
    const openid = text(token.openid);
    if (!accessToken || !openid) throw new WechatError(null, 'access_token response without access_token/openid');
    const info = await this.get('/sns/userinfo', { access_token: accessToken, openid });
    return {
      openid,
      unionid: text(info.unionid) ?? text(token.unionid),
      nickname: text(info.nickname),
      headimgurl: text(info.headimgurl),
    };
  }

  /** WeChat answers JSON (often labelled text/plain) and reports failures as `{errcode, errmsg}` with HTTP 200. */
  private async get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.apiUrl.replace(/\/+$/, '')}${path}?${new URLSearchParams(params).toString()}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await response.text();
    if (!response.ok) throw new WechatError(null, `${path} answered HTTP ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new WechatError(null, `${path} answered something other than JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new WechatError(null, `${path} answered an unexpected shape`);
    const record = parsed as Record<string, unknown>;
    if (typeof record.errcode === 'number' && record.errcode !== 0) {
      throw new WechatError(record.errcode, `${path} errcode ${record.errcode}: ${text(record.errmsg) ?? ''}`);
    }
    return record;
  }
}
