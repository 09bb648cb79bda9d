import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from './locale-link';

/**
 * The top-up and membership pages (/recharge, /openvip) arrive with the
 * commerce issue; until their routes exist this dialog points to what works
 * today: the account's balance history, and asking the administrator (who can
 * adjust balances in Admin → Users) or redeeming a card code.
 */
export default function BalanceModal({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('common.warm_tip')}
      onCancel={onClose}
      footer={[
        <LocaleLink key="account" to="/user/info" className="btn btn--ghost" onClick={onClose} data-testid="balance-dialog-account">
          {t('ai.balance_view_account')}
        </LocaleLink>,
        <Button key="ok" type="primary" onClick={onClose} data-testid="balance-dialog-ok">
          {t('common.got_it')}
        </Button>,
      ]}
    >
      <div data-testid="balance-dialog">
        <p className="balance-dialog__msg">
          <strong>{message}</strong>
        </p>
        <p className="muted">{t('ai.balance_hint')}</p>
      </div>
    </Modal>
  );
}
