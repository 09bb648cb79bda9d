import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminChannel } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { channelsQuery, saveChannel, saveModel } from '../api/ai-admin-api';
import { AiTestModal, type TestTarget } from './ai-test-modal';

/**
 * Whether the console should lead with "connect a model": no env channel and
 * no stored channel that can answer (enabled, with a model). A channel this
 * step saved disabled for its test does not count, so the step stays while
 * the operator tries keys.
 */
export function needsModelStep(channels: readonly AdminChannel[]): boolean {
  if (channels.some((c) => c.kind === 'env')) return false;
  return !channels.some((c) => c.kind === 'db' && c.enabled && c.models.length > 0);
}

interface Values {
  base_url: string;
  api_key?: string;
  models: string;
}

function modelNames(text: string): string[] {
  return [...new Set(text.split(/[,，\s]+/).map((m) => m.trim()).filter(Boolean))];
}

/**
 * The first-run step on a fresh install: base URL, key and model names, a
 * test through the admin test stream, then save. It drives the same channel
 * and model endpoints as Admin → Models; the full forms stay there.
 */
export function ConnectModelStep() {
  const { t } = useTranslation();
  const query = useQuery(channelsQuery);
  const [form] = Form.useForm<Values>();
  // The channel this step stored (disabled) for a test; saving reuses it.
  const [channelId, setChannelId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ target: TestTarget; seq: number } | null>(null);
  if (!query.data || !needsModelStep(query.data.channels)) return null;

  const store = async (enabled: boolean) => {
    const v = await form.validateFields();
    const saved = await saveChannel({ id: channelId ?? undefined, name: t('aiadmin.cm_channel_name'), base_url: v.base_url.trim(), api_key: v.api_key?.trim() || undefined, enabled });
    setChannelId(saved.id);
    return { id: saved.id ?? 0, models: modelNames(v.models) };
  };
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    void work()
      .catch(() => undefined) // the request layer shows the server's message; form errors show in place
      .finally(() => setBusy(false));
  };
  const onTest = () =>
    run(async () => {
      const { id, models } = await store(false);
      setTest((prev) => ({ target: { channel_id: id, upstream_model: models[0] }, seq: (prev?.seq ?? 0) + 1 }));
    });
  const onSave = () =>
    run(async () => {
      const { id, models } = await store(false);
      for (const model of models) await saveModel({ channel_id: id, upstream_model: model, names: { zh: model, en: model, ja: model, ko: model }, visible: true, billing: { mode: 'per_answer', price: 1 }, context_tokens: 8192, max_output_tokens: 0, sort: 0 });
      // Enabled last, so users never see a channel without models.
      await saveChannel({ id, name: t('aiadmin.cm_channel_name'), base_url: form.getFieldValue('base_url') as string, enabled: true });
      toast.success(t('aiadmin.cm_saved'));
    });

  return (
    <Card className="connect-model" title={t('aiadmin.cm_title')} data-testid="connect-model-step" style={{ marginBottom: 16, borderColor: 'var(--ant-color-primary, #1677ff)' }}>
      <Alert type="info" showIcon title={t('aiadmin.cm_intro')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={{ base_url: '', models: '' }}>
        <Form.Item name="base_url" label={t('aiadmin.base_url')} rules={[{ required: true, type: 'url', max: 500 }]}>
          <Input placeholder="https://api.example.com/v1" data-testid="connect-base-url" />
        </Form.Item>
        <Form.Item name="api_key" label={t('aiadmin.api_key')}>
          <Input.Password autoComplete="new-password" visibilityToggle={false} data-testid="connect-api-key" />
        </Form.Item>
        <Form.Item name="models" label={t('aiadmin.cm_models')} extra={t('aiadmin.cm_models_hint')} rules={[{ required: true, max: 1000 }]}>
          <Input placeholder="deepseek-chat" data-testid="connect-models" />
        </Form.Item>
        <Space>
          <Button onClick={onTest} loading={busy} data-testid="connect-test">
            {t('aiadmin.cm_test')}
          </Button>
          <Button type="primary" onClick={onSave} loading={busy} data-testid="connect-save">
            {t('aiadmin.cm_save')}
          </Button>
        </Space>
      </Form>
      {test && <AiTestModal key={test.seq} target={test.target} onClose={() => setTest(null)} />}
    </Card>
  );
}
