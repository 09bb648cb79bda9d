import type { Package } from '@xueba/contract';
import { lazy, useState, type ReactNode } from 'react';
import { WithAntd } from '@/components/with-antd';
import { isSignedIn } from '@/lib/auth';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { PayUnavailable, usePayGateways } from './pay-unavailable';

const CheckoutModal = lazy(() => import('./checkout-modal'));

/**
 * The buy button's action (sign-in first when signed out) and the checkout
 * dialog it opens. With no gateway on, `buy` is null and `notice` says online
 * payment is not available, to be shown where the buy buttons would be. The
 * dialog brings its own antd scope, so a page that shows packages need not
 * load antd until someone buys.
 */
export function useBuy(): { buy: ((pkg: Package) => void) | null; checkout: ReactNode; notice: ReactNode } {
  const [pkg, setPkg] = useState<Package | null>(null);
  const { gateways, known } = usePayGateways();
  const buy = (next: Package) => {
    if (!isSignedIn()) {
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    setPkg(next);
  };
  const checkout = pkg ? (
    <WithAntd fallback={null}>
      <CheckoutModal key={pkg.id} pkg={pkg} onClose={() => setPkg(null)} />
    </WithAntd>
  ) : null;
  const none = known && gateways.length === 0;
  return { buy: none ? null : buy, checkout, notice: none ? <PayUnavailable /> : null };
}
