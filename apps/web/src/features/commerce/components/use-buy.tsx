import type { Package } from '@xueba/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isSignedIn } from '@/lib/auth';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';

const CheckoutModal = lazy(() => import('./checkout-modal'));

/** The buy button's action (sign-in first when signed out) and the checkout dialog it opens. */
export function useBuy(): { buy: (pkg: Package) => void; checkout: ReactNode } {
  const [pkg, setPkg] = useState<Package | null>(null);
  const buy = (next: Package) => {
    if (!isSignedIn()) {
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    setPkg(next);
  };
  const checkout = pkg ? (
    <Suspense fallback={null}>
      <CheckoutModal key={pkg.id} pkg={pkg} onClose={() => setPkg(null)} />
    </Suspense>
  ) : null;
  return { buy, checkout };
}
