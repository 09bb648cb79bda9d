import { Checkbox, Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { AdminChannel } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveChannel } from '../api/ai-admin-api';

interface Values {
  name: string;
  base_url: string;
  api_key?: string;
  remove_key?: boolean;
  first_token_timeout_ms: number;
  total_timeout_ms: number;
  enabled: boolean;
}

/** Create or edit a channel. The API key is write-only: the form never shows it, only whether one is stored. */
export function ChannelModal({ channel, open, onClose }: { channel: AdminChannel | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveChannel({
        id: channel?.id ?? undefined,
        name: v.name,
        base_url: v.base_url,
        // '' or absent keeps the stored key; null removes it.
        api_key: v.remove_key ? null : v.api_key?.trim() || undefined,
        first_token_timeout_ms: v.first_token_timeout_ms,
        total_timeout_ms: v.total_timeout_ms,
        enabled: v.enabled,
      });
      onClose();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={channel ? t('aiadmin.edit_channel') : t('aiadmin.add_channel')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'channel-save' } as Record<`data-${string}`, string>}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: channel?.name ?? '',
          base_url: channel?.base_url ?? '',
          first_token_timeout_ms: channel?.first_token_timeout_ms ?? 30_000,
          total_timeout_ms: channel?.total_timeout_ms ?? 300_000,
          enabled: channel?.enabled ?? true,
        }}
      >
        <Form.Item name="name" label={t('aiadmin.name')} rules={[{ required: true, max: 100 }]}>
          <Input data-testid="channel-name" />
        </Form.Item>
        <Form.Item name="base_url" label={t('aiadmin.base_url')} rules={[{ required: true, type: 'url', max: 500 }]}>
          <Input placeholder="https://api.example.com/v1" data-testid="channel-base-url" />
        </Form.Item>
        <Form.Item name="api_key" label={t('aiadmin.api_key')} extra={channel?.has_key ? `${t('aiadmin.key_set')} · ${t('aiadmin.api_key_keep')}` : undefined}>
          <Input.Password autoComplete="new-password" visibilityToggle={false} data-testid="channel-api-key" />
        </Form.Item>
        {channel?.has_key && (
          <Form.Item name="remove_key" valuePropName="checked">
            <Checkbox>{t('aiadmin.api_key_remove')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="first_token_timeout_ms" label={t('aiadmin.first_token_timeout')} rules={[{ required: true }]}>
          <InputNumber min={1000} max={3_600_000} step={1000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="total_timeout_ms" label={t('aiadmin.total_timeout')} rules={[{ required: true }]}>
          <InputNumber min={1000} max={3_600_000} step={1000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('aiadmin.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
