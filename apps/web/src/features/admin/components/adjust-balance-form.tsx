import { Button, Form, Input, InputNumber, Select } from 'antd';
import { BALANCE_ASSETS, type BalanceAsset } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustBalance } from '../api/admin-api';

interface Values {
  asset: BalanceAsset;
  delta: number;
  reason: string;
}

/**
 * A signed adjustment with a reason, written to the ledger. Money is typed in
 * yuan and sent as integer cents; counts are sent as typed.
 */
export function AdjustBalanceForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const asset = Form.useWatch('asset', form) ?? 'conversation_count';
  const money = asset === 'session_balance';

  const submit = async (values: Values) => {
    const delta = money ? Math.round(values.delta * 100) : Math.trunc(values.delta);
    if (delta === 0) return;
    setSaving(true);
    try {
      await adjustBalance({ user_id: userId, asset: values.asset, delta, reason: values.reason.trim() });
      form.resetFields(['delta', 'reason']);
      onDone();
    } catch {
      // Reported by the request layer (e.g. the balance would go negative).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ asset: 'conversation_count' }} onFinish={(v) => void submit(v)} data-testid="adjust-form">
      <div className="form-row">
        <Form.Item name="asset" label={t('admin.asset')} className="grow">
          <Select
            options={BALANCE_ASSETS.map((a) => ({ value: a, label: t(`balance.${a}`) }))}
            data-testid="adjust-asset"
            aria-label={t('admin.asset')}
          />
        </Form.Item>
        <Form.Item
          name="delta"
          label={money ? t('admin.delta_money') : t('admin.delta')}
          className="grow"
          rules={[
            { required: true, message: t('admin.delta_required') },
            { validator: async (_r, v: unknown) => { if (v === 0) throw new Error(t('admin.delta_required')); } },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            precision={money ? 2 : 0}
            step={money ? 1 : 10}
            min={-1_000_000_000}
            max={1_000_000_000}
            placeholder="+100 / -100"
            data-testid="adjust-delta"
          />
        </Form.Item>
      </div>
      <Form.Item name="reason" label={t('admin.reason')} rules={[{ required: true, whitespace: true, message: t('admin.reason_required') }]}>
        <Input maxLength={200} data-testid="adjust-reason" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="adjust-submit">
        {t('admin.adjust_submit')}
      </Button>
    </Form>
  );
}
