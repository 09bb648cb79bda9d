import { lazy, Suspense, useState } from 'react';
import { WithAntd } from '@/components/with-antd';
import { useUserStore } from '@/stores/user-store';

// Every popup is its own chunk: none of them is needed to paint the first screen.
const LoginModal = lazy(() => import('@/features/auth/components/login-modal'));
const OrgEditModal = lazy(() => import('@/features/user/components/org-edit-modal'));
const ExpirePopup = lazy(() => import('@/features/members/components/expire-popup'));
const RedeemModal = lazy(() => import('@/features/commerce/components/redeem-modal'));

/** Keeps a popup mounted after its first opening so the close animation can play. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

export function Popups({ loginOpen }: { loginOpen: boolean }) {
  const orgOpen = useUserStore((s) => s.orgEditState !== 0);
  const expireOpen = useUserStore((s) => s.expirePopup !== null);
  const redeemOpen = useUserStore((s) => s.showRedeem);
  const mountLogin = useOnceTrue(loginOpen);
  const mountOrg = useOnceTrue(orgOpen);
  const mountExpire = useOnceTrue(expireOpen);
  const mountRedeem = useOnceTrue(redeemOpen);
  // Nothing to mount yet: do not even load antd's provider.
  if (!mountLogin && !mountOrg && !mountExpire && !mountRedeem) return null;
  return (
    <WithAntd fallback={null}>
      <Suspense fallback={null}>
        {mountLogin && <LoginModal />}
        {mountOrg && <OrgEditModal />}
        {mountExpire && <ExpirePopup />}
        {mountRedeem && <RedeemModal />}
      </Suspense>
    </WithAntd>
  );
}
