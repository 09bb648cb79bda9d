import { api, channelSchema, shareIdSchema, userSnSchema } from '@xueba/contract';
import { COOKIE, TOKEN_COOKIE_MS, getCookie, setCookie } from '@/lib/cookies';
import { request } from '@/lib/request';
import { getItem, removeItem, setItem } from '@/lib/storage';

export const NARROW_SCREEN = 1000;
const ATTRIBUTION_SECONDS = 30 * 24 * 3600;
const CLICK_ID_PARAM = 'qhclickid';

export interface Attribution {
  share_id?: string;
  user_sn?: string;
  channel?: string;
}

function parsed<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, value: string | null): T | undefined {
  if (!value) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * Spec §2/§4: share_id, user_sn and channel are read from the query at
 * startup and kept (cid and user_sn cookies, local storage) so registration
 * later can credit the inviter and channel. Malformed values are ignored.
 */
export function captureAttribution(search: URLSearchParams): Attribution {
  const shareId = parsed<string>(shareIdSchema, search.get('share_id'));
  const userSn = parsed<string>(userSnSchema, search.get('user_sn'));
  const channel = parsed<string>(channelSchema, search.get('channel'));
  if (shareId) setCookie(COOKIE.shareId, shareId, TOKEN_COOKIE_MS);
  if (userSn) {
    setCookie(COOKIE.userSn, userSn, TOKEN_COOKIE_MS);
    setItem('user_sn', userSn, ATTRIBUTION_SECONDS);
  }
  if (channel) setItem('channel', channel, ATTRIBUTION_SECONDS);
  return { share_id: shareId, user_sn: userSn, channel };
}

/** What registration sends: the freshest captured values. */
export function storedAttribution(): Attribution {
  const out: Attribution = {};
  const shareId = getCookie(COOKIE.shareId);
  const userSn = getCookie(COOKIE.userSn) ?? getItem<string>('user_sn');
  const channel = getItem<string>('channel');
  if (shareId && shareIdSchema.safeParse(shareId).success) out.share_id = shareId;
  if (userSn) out.user_sn = userSn;
  if (channel) out.channel = channel;
  return out;
}

export function terminal(): 'pc' | 'h5' {
  return typeof window !== 'undefined' && window.innerWidth < NARROW_SCREEN ? 'h5' : 'pc';
}

let started = false;

/** One-time startup calls; none of them may hold up the first screen, and none reports failures to the visitor. */
export function runStartup(url: URL): Attribution {
  const attribution = captureAttribution(url.searchParams);
  if (started) return attribution;
  started = true;
  const quiet = { silent: true, background: true } as const;
  void request(api.visit, { terminal: terminal() }, quiet).catch(() => undefined);
  if (attribution.share_id && getItem<string>('share_clicked') !== attribution.share_id) {
    setItem('share_clicked', attribution.share_id, ATTRIBUTION_SECONDS);
    void request(api.click, { share_id: attribution.share_id }, quiet).catch(() => removeItem('share_clicked'));
  }
  const clickId = url.searchParams.get(CLICK_ID_PARAM);
  if (clickId && clickId.length <= 200) {
    setItem('click_id', clickId, ATTRIBUTION_SECONDS);
    void request(api.bindClickId, { click_id: clickId, channel: attribution.channel }, quiet).catch(() => undefined);
  }
  return attribution;
}

/** After a user is known and an invitation is pending: bind once (the server ignores repeats). */
export function bindShareIfPending(attribution: Attribution): void {
  const shareId = attribution.share_id ?? storedAttribution().share_id;
  if (!shareId) return;
  void request(api.bind, { share_id: shareId, user_sn: attribution.user_sn }, { silent: true, background: true }).catch(() => undefined);
}
