import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/lib/site-config';
import { userStore } from '@/stores/user-store';
import { LocaleLink } from './locale-link';

/**
 * "Insufficient balance" (spec §8) with the ways out: top-up and membership
 * when their config flags are on (spec §6), a redeem code always, and the
 * account's balance history.
 */
export default function BalanceModal({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const footer = [
    <LocaleLink key="account" to="/user/info" className="btn btn--ghost" onClick={onClose} data-testid="balance-dialog-account">
      {t('ai.balance_view_account')}
    </LocaleLink>,
    <Button
      key="redeem"
      onClick={() => {
        onClose();
        userStore.set({ showRedeem: true });
      }}
      data-testid="balance-dialog-redeem"
    >
      {t('commerce.tab_redeem')}
    </Button>,
    config.recharge_package_status && (
      <LocaleLink key="recharge" to="/recharge" className="btn" onClick={onClose} data-testid="balance-dialog-recharge">
        {t('commerce.top_up')}
      </LocaleLink>
    ),
    config.member_package_status && (
      <LocaleLink key="vip" to="/openvip" className="btn btn--primary" onClick={onClose} data-testid="balance-dialog-openvip">
        {t('commerce.open_vip')}
      </LocaleLink>
    ),
    <Button key="ok" type={config.member_package_status ? 'default' : 'primary'} onClick={onClose} data-testid="balance-dialog-ok">
      {t('common.got_it')}
    </Button>,
  ].filter(Boolean);
  return (
    <Modal open title={t('common.warm_tip')} onCancel={onClose} footer={<div className="modal-actions" style={{ flexWrap: 'wrap' }}>{footer}</div>}>
      <div data-testid="balance-dialog">
        <p className="balance-dialog__msg">
          <strong>{message}</strong>
        </p>
        <p className="muted">{config.member_package_status || config.recharge_package_status ? t('commerce.limit_text') : t('ai.balance_hint')}</p>
      </div>
    </Modal>
  );
}
