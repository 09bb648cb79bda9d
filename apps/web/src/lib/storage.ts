/**
 * Local storage helper of spec §3/§9: every key is prefixed `app_`, values are
 * JSON, and an optional expiry (in seconds) makes a value disappear on the
 * first read after it lapses.
 */
export const STORAGE_PREFIX = 'app_';

export type StorageKey =
  | 'token'
  | 'setting'
  | 'notice'
  | 'chat_limit'
  | 'draw_limit'
  | 'qrcode_limit'
  | 'chat_model'
  | 'plugin_model'
  | 'mindmap_layout'
  | 'history_academic_search'
  | 'user_sn'
  | 'channel'
  | 'click_id'
  | 'share_clicked'
  | 'expire_popup_shown'
  | 'userInfo'
  | 'authStatus';

interface Stored<T> {
  value: T;
  /** Epoch milliseconds after which the value is gone; null: never. */
  expire: number | null;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Safari private mode and locked-down embeds throw on access; the app still works without persistence.
    return null;
  }
}

export function setItem<T>(key: StorageKey, value: T, expireSeconds?: number, now: number = Date.now()): void {
  const store = backend();
  if (!store) return;
  const record: Stored<T> = { value, expire: expireSeconds && expireSeconds > 0 ? now + expireSeconds * 1000 : null };
  try {
    store.setItem(STORAGE_PREFIX + key, JSON.stringify(record));
  } catch {
    // Quota exceeded: losing a cached preference is better than breaking the action that wrote it.
  }
}

export function getItem<T>(key: StorageKey, now: number = Date.now()): T | null {
  const store = backend();
  if (!store) return null;
  const raw = store.getItem(STORAGE_PREFIX + key);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored<T>> | null;
    if (!parsed || typeof parsed !== 'object' || !('value' in parsed)) {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    if (typeof parsed.expire === 'number' && parsed.expire <= now) {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    return (parsed.value ?? null) as T | null;
  } catch {
    // A value written by something else (not our JSON envelope) is treated as absent and dropped.
    store.removeItem(STORAGE_PREFIX + key);
    return null;
  }
}

export function removeItem(key: StorageKey): void {
  backend()?.removeItem(STORAGE_PREFIX + key);
}

/** Site preferences kept across visits (theme, organisation code). */
export interface Setting {
  theme?: 'light' | 'dark';
  orgCode?: string;
}

export function getSetting(): Setting {
  return getItem<Setting>('setting') ?? {};
}

export function updateSetting(patch: Setting): void {
  setItem('setting', { ...getSetting(), ...patch });
}
