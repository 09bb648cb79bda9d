import { COOKIE, TOKEN_COOKIE_MS, getCookie, setCookie } from './cookies';
import { getItem, setItem } from './storage';

export const ATTRIBUTION_SECONDS = 30 * 24 * 3600;

export interface Attribution {
  share_id?: string;
  user_sn?: string;
  channel?: string;
}

/**
 * Cheap shape checks so junk from a URL never lands in a cookie; the server
 * validates again with the contract's schemas (kept off the first screen).
 */
const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const USER_SN = /^[A-Za-z0-9_-]{1,64}$/;
const CHANNEL = /^[A-Za-z0-9_.-]{1,64}$/;

function parsed(pattern: RegExp, value: string | null): string | undefined {
  const v = value?.trim();
  return v && pattern.test(v) ? v : undefined;
}

/**
 * Spec §2/§4: share_id, user_sn and channel are read from the query at
 * startup and kept (cid and user_sn cookies, local storage) so registration
 * later can credit the inviter and channel. Malformed values are ignored.
 */
export function captureAttribution(search: URLSearchParams): Attribution {
  const shareId = parsed(SHARE_ID, search.get('share_id'));
  const userSn = parsed(USER_SN, search.get('user_sn'));
  const channel = parsed(CHANNEL, search.get('channel'));
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
  if (shareId && SHARE_ID.test(shareId)) out.share_id = shareId;
  if (userSn) out.user_sn = userSn;
  if (channel) out.channel = channel;
  return out;
}

