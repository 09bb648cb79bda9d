import { Alert, Button, Card, Form, InputNumber, Select, Space, Switch } from 'antd';
import { INVITE_UNLOCKS, type PromotionSettings } from '@xueba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promotionAdminKeys, promotionSettingsQuery, savePromotionSettings } from '../api/promotion-admin-api';

/** Percent and yuan in the form (what an operator thinks in); basis points and cents in the contract. */
interface Values {
  invite: PromotionSettings['invite'];
  distribution: { enabled: boolean; percent: number; pending_days: number; min_withdraw_yuan: number };
}

function RewardInputs({ name, label }: { name: string[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Space wrap>
        {(['word_count', 'conversation_count', 'drawing_count'] as const).map((k) => (
          <Form.Item key={k} name={[...name, k]} noStyle>
            <InputNumber min={0} max={1_000_000_000} precision={0} addonBefore={t(`commerceadmin.${k}`)} style={{ width: 220 }} data-testid={`${name.join('-')}-${k}`} />
          </Form.Item>
        ))}
      </Space>
    </Form.Item>
  );
}

/** Admin → Invitations and commission: rewards for both sides and when they unlock; commission rate, pending days, minimum withdrawal. */
export function PromotionSettingsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(promotionSettingsQuery);
  const [saving, setSaving] = useState(false);
  if (settings.isPending) return null;
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.message} />;
  const s = settings.data;
  const initial: Values = {
    invite: s.invite,
    distribution: { enabled: s.distribution.enabled, percent: s.distribution.commission_bp / 100, pending_days: s.distribution.pending_days, min_withdraw_yuan: s.distribution.min_withdraw / 100 },
  };
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      // The server's envelope carries the success message (show=1); no second toast here.
      await savePromotionSettings({
        invite: v.invite,
        distribution: { enabled: v.distribution.enabled, commission_bp: Math.round(v.distribution.percent * 100), pending_days: v.distribution.pending_days, min_withdraw: Math.round(v.distribution.min_withdraw_yuan * 100) },
      });
      void queryClient.invalidateQueries({ queryKey: promotionAdminKeys.settings });
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values> layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} className="admin-panel" data-testid="admin-promotion-settings">
      <Card title={t('promotionadmin.invite_settings')} size="small">
        <Form.Item name={['invite', 'enabled']} label={t('promotionadmin.enabled')} valuePropName="checked">
          <Switch data-testid="invite-enabled" />
        </Form.Item>
        <RewardInputs name={['invite', 'inviter_reward']} label={t('promotionadmin.inviter_reward')} />
        <RewardInputs name={['invite', 'invitee_reward']} label={t('promotionadmin.invitee_reward')} />
        <Form.Item name={['invite', 'unlock']} label={t('promotionadmin.unlock')}>
          <Select style={{ width: 320 }} options={INVITE_UNLOCKS.map((u) => ({ value: u, label: t(`promotion.unlock_${u}`) }))} />
        </Form.Item>
      </Card>
      <Card title={t('promotionadmin.distribution_settings')} size="small">
        <Space wrap size="large">
          <Form.Item name={['distribution', 'enabled']} label={t('promotionadmin.enabled')} valuePropName="checked">
            <Switch data-testid="distribution-enabled" />
          </Form.Item>
          <Form.Item name={['distribution', 'percent']} label={t('promotionadmin.percent')}>
            <InputNumber min={0} max={100} precision={2} data-testid="distribution-percent" />
          </Form.Item>
          <Form.Item name={['distribution', 'pending_days']} label={t('promotionadmin.pending_days')}>
            <InputNumber min={0} max={365} precision={0} data-testid="distribution-pending-days" />
          </Form.Item>
          <Form.Item name={['distribution', 'min_withdraw_yuan']} label={t('promotionadmin.min_withdraw_yuan')}>
            <InputNumber min={0.01} max={1_000_000} precision={2} data-testid="distribution-min-withdraw" />
          </Form.Item>
        </Space>
      </Card>
      <div>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="promotion-settings-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
