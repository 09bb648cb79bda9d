import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { userStore, useUserStore } from '@/stores/user-store';
import { RedeemForm } from './redeem-form';

/** The redeem popup of spec §3/§4 (store flag `showRedeem`), mounted by the app's popups. */
export default function RedeemModal() {
  const { t } = useTranslation();
  const open = useUserStore((s) => s.showRedeem);
  return (
    <Modal open={open} onCancel={() => userStore.set({ showRedeem: false })} footer={null} title={t('commerce.redeem_title')} width={440} centered destroyOnHidden>
      <div data-testid="redeem-modal">
        <p className="muted">{t('commerce.redeem_intro')}</p>
        <RedeemForm />
      </div>
    </Modal>
  );
}
