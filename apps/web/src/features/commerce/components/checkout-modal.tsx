import { Alert, Button, Modal, Result, Spin } from 'antd';
import type { Order, Package, PayGateway } from '@xueba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { userKeys } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { hasKey, isRequestError } from '@/lib/request';
import { configQuery } from '@/lib/site-config';
import { commerceKeys } from '../api/keys';
import { createOrder, FINAL_STATUSES, orderDetailQuery } from '../api/orders';
import { defaultGateway, GatewayPicker } from './gateway-picker';
import { PayAgreement } from './pay-agreement';
import { PayNotes } from './pay-notes';
import { PayUnavailable, usePayGateways } from './pay-unavailable';
import { QrImage } from './qr-image';

export type CreatedOrder = Order & { pay_url: string | null; code_url: string | null };
const POLL_MS = 2000;

/**
 * Buying one package: choose how to pay, accept the pay agreement, create the
 * order (the price is the server's), then pay on the provider's page or by QR
 * while this dialog polls the order until it is fulfilled or closed.
 */
export default function CheckoutModal({ pkg, onClose }: { pkg: Package; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { gateways, known } = usePayGateways();
  const [chosen, setChosen] = useState<PayGateway | null>(null);
  // A choice the (re)loaded config no longer lists falls back to the default.
  const gateway = chosen !== null && gateways.includes(chosen) ? chosen : defaultGateway(gateways);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<CreatedOrder | null>(null);

  const submit = async () => {
    if (gateway === null) return;
    if (!agreed) {
      setError(t('commerce.agreement_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setOrder(await createOrder({ package_id: pkg.id, kind: pkg.type, gateway }));
    } catch (e) {
      const message = isRequestError(e) ? e.message : t('errors.server_error');
      // The server's gateways changed since the config was read (a restart with other keys): read them again.
      if (hasKey(e, 'gateway_unavailable')) void queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onCancel={onClose} footer={null} title={t('commerce.checkout_title')} width={460} centered destroyOnHidden maskClosable={false}>
      <div className="checkout" data-testid="checkout">
        <dl className="checkout__summary">
          <div>
            <dt>{t('commerce.package')}</dt>
            <dd>{pkg.name}</dd>
          </div>
          <div>
            <dt>{t('commerce.amount')}</dt>
            <dd className="checkout__amount" data-testid="checkout-amount">
              {formatMoney(order?.amount ?? pkg.price, locale)}
            </dd>
          </div>
        </dl>
        {order ? (
          <PayStep order={order} onRestart={() => setOrder(null)} onClose={onClose} />
        ) : gateway === null ? (
          known ? <PayUnavailable /> : <Spin />
        ) : (
          <>
            <GatewayPicker gateways={gateways} value={gateway} onChange={setChosen} />
            {gateway === 'sandbox' && <Alert type="warning" showIcon title={t('commerce.sandbox_note')} data-testid="checkout-sandbox-note" />}
            <PayAgreement
              checked={agreed}
              onChange={(v) => {
                setAgreed(v);
                if (v) setError(null);
              }}
            />
            <PayNotes />
            {error && <Alert type="error" showIcon title={error} data-testid="checkout-error" />}
            <Button type="primary" block size="large" loading={busy} onClick={() => void submit()} data-testid="checkout-submit">
              {t('commerce.place_order')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

/** After the order exists: the way to pay, then the outcome as the server reports it. */
export function PayStep({ order, onRestart, onClose }: { order: CreatedOrder; onRestart: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  // "Opened in a new window" is said once the link was followed, not before.
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const detail = useQuery({
    ...orderDetailQuery(order.order_no),
    refetchInterval: (q) => (q.state.data && FINAL_STATUSES.has(q.state.data.status) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const status = detail.data?.status ?? order.status;

  useEffect(() => {
    if (status !== 'fulfilled') return;
    // The balance and membership changed on the server: reload the user, and the order list.
    void queryClient.invalidateQueries({ queryKey: userKeys.info });
    void queryClient.invalidateQueries({ queryKey: commerceKeys.all });
  }, [status, queryClient]);

  if (status === 'fulfilled') {
    return (
      <Result
        status="success"
        title={<span data-testid="checkout-paid">{t('commerce.paid')}</span>}
        // Fulfilled means credited: the "takes effect in about 2 minutes" note belongs to the wait before this.
        subTitle={<span data-testid="checkout-paid-detail">{t('commerce.paid_detail')}</span>}
        extra={
          <Button type="primary" onClick={onClose} data-testid="checkout-done">
            {t('common.got_it')}
          </Button>
        }
      />
    );
  }
  if (status === 'closed' || status === 'paid_after_close') {
    return (
      <Result
        status="warning"
        title={<span data-testid="checkout-closed">{status === 'closed' ? t('commerce.closed') : t('commerce.paid_after_close')}</span>}
        extra={
          <Button type="primary" onClick={onRestart}>
            {t('commerce.place_order')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="checkout__pay" data-testid="checkout-pay">
      <p className="muted small">
        {t('commerce.order_no')}: <span className="mono">{order.order_no}</span>
      </p>
      {order.code_url ? (
        <div className="checkout__qr">
          <QrImage value={order.code_url} alt={t('commerce.scan_wechat')} />
          <p>{t('commerce.scan_wechat')}</p>
        </div>
      ) : order.pay_url ? (
        <>
          <a className="btn btn--primary btn--block btn--lg" href={order.pay_url} target="_blank" rel="noopener" onClick={() => setOpened(true)} data-testid="checkout-open-pay">
            {t('commerce.go_pay')}
          </a>
          {opened && (
            <p className="muted small" data-testid="checkout-opened">
              {t('commerce.go_pay_hint')}
            </p>
          )}
        </>
      ) : null}
      <p className="checkout__waiting" aria-live="polite">
        <span className="page-spinner__dot" aria-hidden="true" /> {t('commerce.waiting')}
      </p>
      <PayNotes />
    </div>
  );
}
