import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export type LimitPopupProps = { open: boolean; onClose: () => void; onGo: (part: 'vip' | 'recharge' | 'redeem') => void; vipOn: boolean; rechargeOn: boolean };

/** The limit pop-up: the free allowance is used up; the ways on (membership, words, a code). Loaded only when first opened. */
export default function LimitPopup({ open, onClose, onGo, vipOn, rechargeOn }: LimitPopupProps) {
  const { t } = useTranslation();
  const go = (p: 'vip' | 'recharge' | 'redeem') => {
    onGo(p);
    onClose();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('commerce.limit_title')} width={420} centered destroyOnHidden>
      <div data-testid="limit-popup">
        <p>{t('commerce.limit_text')}</p>
        <div className="modal-actions commerce__actions">
          {vipOn && (
            <button type="button" className="btn btn--primary" onClick={() => go('vip')}>
              {t('commerce.open_vip')}
            </button>
          )}
          {rechargeOn && (
            <button type="button" className="btn btn--outline" onClick={() => go('recharge')}>
              {t('commerce.top_up')}
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => go('redeem')}>
            {t('commerce.tab_redeem')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
