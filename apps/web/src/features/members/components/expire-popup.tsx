import { Modal } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { userStore, useUserStore } from '@/stores/user-store';
import { MemberBenefits } from './member-benefits';

/**
 * Members-area popup of spec §4: a non-member entering a pc- page is told
 * membership is needed (type member); a member sees the upgrade note (type vip).
 */
export default function ExpirePopup() {
  const { t } = useTranslation();
  const type = useUserStore((s) => s.expirePopup);
  const close = () => userStore.set({ expirePopup: null });
  return (
    <Modal
      open={type !== null}
      onCancel={close}
      onOk={close}
      okText={t('common.got_it')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={
        <span className="modal-title">
          <CrownOutlined aria-hidden="true" /> {t('common.warm_tip')}
        </span>
      }
      width={440}
      centered
      destroyOnHidden
    >
      <div data-testid="expire-popup">
        <p>{type === 'vip' ? t('members.expire_vip') : t('msg.not_member')}</p>
        <MemberBenefits />
      </div>
    </Modal>
  );
}
