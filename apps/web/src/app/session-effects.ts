import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '@/lib/auth';
import { orgInfoQuery } from '@/features/user/api/org';
import { getItem, setItem } from '@/lib/storage';
import { userStore } from '@/stores/user-store';

/** The members-area popup greets an account at most once a week in a browser, not on every arrival. */
const EXPIRE_POPUP_QUIET_SECONDS = 7 * 24 * 60 * 60;

export function expirePopupShownRecently(userId: number): boolean {
  return (getItem<number[]>('expire_popup_shown') ?? []).includes(userId);
}

export function rememberExpirePopup(userId: number): void {
  const shown = getItem<number[]>('expire_popup_shown') ?? [];
  setItem('expire_popup_shown', [...shown.filter((id) => id !== userId).slice(-19), userId], EXPIRE_POPUP_QUIET_SECONDS);
}

/** The admin console is a workplace: no account popups over it. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/** Members-area pages are those whose normalised path starts with the desktop prefix (spec §2). */
export function isMembersArea(path: string): boolean {
  return path.startsWith('/pc-');
}

/**
 * The account the organisation modal was opened for automatically. Once per
 * account and page load: the org query refetches on window focus (e.g. back
 * from a payment tab), and a dismissed modal must not come back each time.
 */
let orgAutoShownFor: number | null = null;

/**
 * Session-driven popups of spec §4, run once the user is loaded:
 * the organisation modal (auto state 1) and the members-area expire popup.
 */
export function useSessionEffects(routePath: string): void {
  const { user } = useUser();
  const org = useQuery({ ...orgInfoQuery, enabled: Boolean(user) });

  useEffect(() => {
    const info = org.data;
    if (!user || !info || isAdminPath(routePath)) return;
    if (info.show_edit === 1 && info.id === null && userStore.get().orgEditState === 0 && orgAutoShownFor !== user.id) {
      orgAutoShownFor = user.id;
      userStore.set({ orgEditState: 1 });
    }
  }, [user, org.data, routePath]);

  useEffect(() => {
    if (!user || !isMembersArea(routePath)) return;
    const state = userStore.get();
    if (state.redeemShowCount > 0 || state.expirePopup || expirePopupShownRecently(user.id)) return;
    const isMember = user.is_member === 1;
    // Spec §4: non-members get the popup once; its type is vip for a member (e.g. to upgrade).
    if (!isMember) {
      rememberExpirePopup(user.id);
      userStore.set({ expirePopup: 'member', redeemShowCount: state.redeemShowCount + 1, loginMode: 0 });
    }
  }, [user, routePath]);
}
