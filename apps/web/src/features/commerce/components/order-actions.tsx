import { Button, Modal, Popconfirm } from 'antd';
import type { Order } from '@xueba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commerceKeys } from '../api/keys';
import { cancelOrder, payOrder } from '../api/orders';
import { PayStep, type CreatedOrder } from './checkout-modal';

/**
 * An unpaid order in `/user/orders`: continue paying it (the same order, its
 * way to pay again, in the checkout's pay step) or cancel it. The server
 * checks that the order is the user's and still unpaid.
 */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [resumed, setResumed] = useState<CreatedOrder | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: commerceKeys.all });

  const run = async (action: 'pay' | 'cancel') => {
    setBusy(action);
    try {
      if (action === 'pay') setResumed(await payOrder(order.order_no));
      else await cancelOrder(order.order_no);
    } catch {
      // The request layer has shown the server's reason; the list shows the order as it now is.
    } finally {
      setBusy(null);
      if (action === 'cancel') void refresh();
    }
  };
  const close = () => {
    setResumed(null);
    void refresh();
  };

  return (
    <span className="order-row__actions">
      <Button size="small" type="primary" loading={busy === 'pay'} onClick={() => void run('pay')} data-testid="order-continue">
        {t('commerce.continue_paying')}
      </Button>
      <Popconfirm title={t('commerce.cancel_confirm')} okText={t('commerce.cancel_order')} onConfirm={() => run('cancel')}>
        <Button size="small" loading={busy === 'cancel'} data-testid="order-cancel">
          {t('commerce.cancel_order')}
        </Button>
      </Popconfirm>
      {resumed && (
        <Modal open onCancel={close} footer={null} title={t('commerce.checkout_title')} width={460} centered destroyOnHidden maskClosable={false}>
          <div className="checkout" data-testid="checkout">
            <PayStep order={resumed} onRestart={close} onClose={close} />
          </div>
        </Modal>
      )}
    </span>
  );
}
