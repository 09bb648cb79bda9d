import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useSiteConfig } from '@/lib/site-config';
import type { PayGateway } from '@xueba/contract';

/**
 * The gateways the server accepts orders for. `known` is false while the
 * config is loading, so the page does not flash "not available" before it knows.
 */
export function usePayGateways(): { gateways: readonly PayGateway[]; known: boolean } {
  const { config, loaded, failed } = useSiteConfig();
  return { gateways: config.pay_gateways, known: loaded || failed };
}

/** Shown in place of the buy buttons when the server accepts no online payment; redeem codes still work. */
export function PayUnavailable() {
  const { t } = useTranslation();
  return (
    <div className="callout callout--warning" role="status" data-testid="pay-unavailable">
      {t('commerce.pay_unavailable')}{' '}
      <LocaleLink to="/redeem_code" className="link-btn" data-testid="pay-unavailable-redeem">
        {t('commerce.pay_unavailable_redeem')}
      </LocaleLink>
    </div>
  );
}
