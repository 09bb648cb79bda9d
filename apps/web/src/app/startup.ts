import { api } from '@/lib/api';
import { ATTRIBUTION_SECONDS, captureAttribution, storedAttribution, type Attribution } from '@/lib/attribution';
import { request } from '@/lib/request';
import { isNarrowScreen } from '@/lib/screen';
import { getItem, removeItem, setItem } from '@/lib/storage';

const CLICK_ID_PARAM = 'qhclickid';

export function terminal(): 'pc' | 'h5' {
  return isNarrowScreen() ? 'h5' : 'pc';
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
