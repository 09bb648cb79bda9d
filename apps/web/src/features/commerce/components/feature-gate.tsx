import { LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useSiteConfig } from '@/lib/site-config';

/**
 * Spec §6: the VIP and top-up sections show only when their config flags are
 * on; otherwise the page says the function is not enabled. The server refuses
 * the same calls, so this is presentation, not the guard.
 */
export function FeatureGate({ flag, children }: { flag: 'member_package_status' | 'recharge_package_status'; children: ReactNode }) {
  const { t } = useTranslation();
  const { config, loaded, failed } = useSiteConfig();
  if (!loaded && !failed) return <PageSpinner />;
  if (!config[flag]) {
    return (
      <div className="page page--center">
        <div className="center-card" data-testid="feature-disabled">
          <LockOutlined className="center-card__icon" aria-hidden="true" />
          <p>{flag === 'member_package_status' ? t('msg.membership_disabled') : t('msg.recharge_disabled')}</p>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}

/** True when the flag is on (used to hide one part of a page rather than the whole page). */
export function useFlag(flag: 'member_package_status' | 'recharge_package_status'): boolean {
  return useSiteConfig().config[flag];
}
