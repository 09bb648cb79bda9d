import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import { WITHDRAW_METHODS } from '@xueba/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { isRequestError } from '@/lib/request';
import { promotionKeys } from '../api/keys';
import { applyWithdrawal, summaryQuery, withdrawalsQuery } from '../api/promotion';
import '../promotion.css';

type Method = (typeof WITHDRAW_METHODS)[number];
interface Values {
  amount_yuan: number;
  method: Method;
  name: string;
  account: string;
}
const PAGE_SIZE = 10;

/** `/promotion/withdrawal`: request a withdrawal of settled commission (held at once), and the history with its states. */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const summary = useQuery(summaryQuery);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  if (summary.isPending) return <PageSpinner />;
  if (summary.isError) return <p className="callout callout--warning">{summary.error.message}</p>;
  const s = summary.data;
  const maxYuan = s.available / 100;

  const submit = async (v: Values) => {
    setBusy(true);
    setOutcome(null);
    try {
      const w = await applyWithdrawal({ amount: Math.round(v.amount_yuan * 100), method: v.method, name: v.name, account: v.account });
      setOutcome({ ok: true, text: t('promotion.withdraw_requested', { amount: formatMoney(w.amount, locale) }) });
      form.resetFields(['amount_yuan']);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    } catch (e) {
      setOutcome({ ok: false, text: isRequestError(e) ? e.message : t('errors.server_error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page promotion" data-testid="withdrawal-page">
      <div className="grid-2">
        <section className="card">
          <div className="section__head">
            <h1 className="promotion__title">{t('promotion.withdraw_title')}</h1>
            <LocaleLink to="/promotion/distribution" className="link-btn">
              {t('promotion.distribution_title')}
            </LocaleLink>
          </div>
          <p>
            {t('promotion.available')}: <strong data-testid="withdraw-available">{formatMoney(s.available, locale)}</strong>
            <span className="muted small"> · {t('promotion.min_withdraw', { amount: formatMoney(s.min_withdraw, locale) })}</span>
          </p>
          <Form<Values> form={form} layout="vertical" initialValues={{ method: 'alipay' }} onFinish={(v) => void submit(v)} disabled={s.available < s.min_withdraw}>
            <Form.Item
              name="amount_yuan"
              label={t('promotion.amount_yuan')}
              rules={[
                { required: true, message: t('promotion.amount_required') },
                { type: 'number', min: s.min_withdraw / 100, max: maxYuan, message: t('promotion.amount_range', { min: formatMoney(s.min_withdraw, locale), max: formatMoney(s.available, locale) }) },
              ]}
            >
              <InputNumber min={0.01} precision={2} step={1} style={{ width: '100%' }} data-testid="withdraw-amount" />
            </Form.Item>
            <Form.Item name="method" label={t('promotion.method')}>
              <Select options={WITHDRAW_METHODS.map((m) => ({ value: m, label: t(`promotion.method_${m}`) }))} />
            </Form.Item>
            <Form.Item name="name" label={t('promotion.account_name')} rules={[{ required: true, whitespace: true, max: 50, message: t('promotion.account_name_required') }]}>
              <Input maxLength={50} autoComplete="name" data-testid="withdraw-name" />
            </Form.Item>
            <Form.Item name="account" label={t('promotion.account')} rules={[{ required: true, whitespace: true, max: 64, message: t('promotion.account_required') }]}>
              <Input maxLength={64} autoComplete="off" data-testid="withdraw-account" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block data-testid="withdraw-submit">
              {t('promotion.withdraw')}
            </Button>
          </Form>
          {s.available < s.min_withdraw && <p className="muted small">{t('promotion.below_min')}</p>}
          {outcome && <Alert style={{ marginTop: 12 }} type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} data-testid={outcome.ok ? 'withdraw-success' : 'withdraw-error'} />}
        </section>
        <section className="card">
          <h2>{t('promotion.history')}</h2>
          <History />
        </section>
      </div>
    </div>
  );
}

function History() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...withdrawalsQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError) return <p className="muted">{list.error.message}</p>;
  if (list.data.count === 0) return <p className="muted">{t('promotion.no_withdrawals')}</p>;
  return (
    <>
      <ul className="plain-list" data-testid="withdrawals">
        {list.data.lists.map((w) => (
          <li key={w.id} className="plain-list__row" data-testid="withdrawal-row">
            <div>
              <strong>{formatMoney(w.amount, locale)}</strong>
              <span className="muted small">
                {t(`promotion.method_${w.method}`)} · {w.account} · {formatDate(w.create_time, locale, true)}
              </span>
              {w.status === 'rejected' && w.reason && <span className="small withdraw-reason">{t('promotion.rejected_reason', { reason: w.reason })}</span>}
            </div>
            <div className="plain-list__side">
              <span className={`tag withdraw--${w.status}`} data-testid="withdrawal-status">
                {t(`promotion.withdraw_${w.status}`)}
              </span>
              {w.paid_time && <span className="muted small">{formatDate(w.paid_time, locale)}</span>}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={list.data.count} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}
