import { Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import type { AdminModel, BillingMode } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveModel } from '../api/ai-admin-api';

interface Values {
  key?: string;
  upstream_model: string;
  names: { zh: string; en: string; ja: string; ko: string };
  visible: boolean;
  mode: BillingMode;
  price: number;
  context_tokens: number;
  max_output_tokens: number;
  sort: number;
}

/** Create or edit a model of a stored channel: display names per locale, visibility and billing. */
export function ModelModal({ channelId, model, open, onClose }: { channelId: number; model: AdminModel | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveModel({
        id: model?.id ?? undefined,
        channel_id: channelId,
        key: v.key?.trim() || undefined,
        upstream_model: v.upstream_model,
        names: v.names,
        visible: v.visible,
        billing: { mode: v.mode, price: v.price },
        context_tokens: v.context_tokens,
        max_output_tokens: v.max_output_tokens,
        sort: v.sort,
      });
      onClose();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={model ? t('aiadmin.edit_model') : t('aiadmin.add_model')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden width={620} okButtonProps={{ 'data-testid': 'model-save' } as Record<`data-${string}`, string>}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          key: model?.key ?? '',
          upstream_model: model?.upstream_model ?? '',
          names: model?.names ?? { zh: '', en: '', ja: '', ko: '' },
          visible: model?.visible ?? true,
          mode: model?.billing.mode ?? 'per_answer',
          price: model?.billing.price ?? 1,
          context_tokens: model?.context_tokens ?? 8192,
          max_output_tokens: model?.max_output_tokens ?? 0,
          sort: model?.sort ?? 0,
        }}
      >
        <Space.Compact block>
          <Form.Item name="upstream_model" label={t('aiadmin.upstream_model')} rules={[{ required: true, max: 200 }]} style={{ flex: 1 }}>
            <Input placeholder="gpt-4o-mini" data-testid="model-upstream" />
          </Form.Item>
          <Form.Item name="key" label={t('aiadmin.model_key')} rules={[{ pattern: /^[A-Za-z0-9._:/-]*$/, max: 64 }]} style={{ flex: 1 }}>
            <Input disabled={Boolean(model)} data-testid="model-key" />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('aiadmin.names')} required>
          {(['zh', 'en', 'ja', 'ko'] as const).map((l) => (
            <Form.Item key={l} name={['names', l]} rules={l === 'zh' ? [{ required: true, max: 100 }] : [{ max: 100 }]} noStyle>
              <Input prefix={`${l}:`} style={{ marginBottom: 6 }} data-testid={`model-name-${l}`} />
            </Form.Item>
          ))}
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="mode" label={t('aiadmin.billing')}>
            <Select
              style={{ width: 260 }}
              options={[
                { value: 'per_answer', label: t('aiadmin.per_answer') },
                { value: 'per_1k_words', label: t('aiadmin.per_1k_words') },
              ]}
            />
          </Form.Item>
          <Form.Item name="price" label={t('aiadmin.price')} rules={[{ required: true }]}>
            <InputNumber min={0} max={1_000_000} data-testid="model-price" />
          </Form.Item>
          <Form.Item name="visible" label={t('aiadmin.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="context_tokens" label={t('aiadmin.context_tokens')}>
            <InputNumber min={512} max={10_000_000} step={1024} />
          </Form.Item>
          <Form.Item name="max_output_tokens" label={t('aiadmin.max_output_tokens')}>
            <InputNumber min={0} max={1_000_000} />
          </Form.Item>
          <Form.Item name="sort" label={t('aiadmin.sort')}>
            <InputNumber min={0} max={10_000} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
