import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminChannel, AdminModel, AiSettings } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { channelsQuery, deleteChannel, deleteModel, saveAiSettings, setChannelEnabled } from '../api/ai-admin-api';
import { AiTestModal, type TestTarget } from './ai-test-modal';
import { ChannelModal } from './channel-modal';
import { ModelModal } from './model-modal';

function SettingsCard({ settings, models, channels }: { settings: AiSettings; models: AdminModel[]; channels: AdminChannel[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AiSettings>();
  const [saving, setSaving] = useState(false);
  return (
    <Card title={t('aiadmin.settings')} size="small">
      <Form
        form={form}
        layout="vertical"
        initialValues={settings}
        onFinish={(values) => {
          setSaving(true);
          void saveAiSettings({ ...settings, ...values })
            .catch(() => undefined)
            .finally(() => setSaving(false));
        }}
      >
        <Space wrap size="large" align="start">
          <Form.Item name="default_model" label={t('aiadmin.default_model')}>
            <Select style={{ width: 280 }} options={[{ value: '', label: t('aiadmin.default_model_auto') }, ...models.map((m) => ({ value: m.key, label: `${m.names.zh || m.key} (${m.key})` }))]} data-testid="ai-default-model" />
          </Form.Item>
          <Form.Item name="rate_per_minute" label={t('aiadmin.rate_per_minute')}>
            <InputNumber min={1} max={100_000} />
          </Form.Item>
          <Form.Item name="max_streams" label={t('aiadmin.max_streams')}>
            <InputNumber min={1} max={10_000} />
          </Form.Item>
          <Form.Item name="max_question_chars" label={t('aiadmin.max_question_chars')}>
            <InputNumber min={100} max={100_000} />
          </Form.Item>
          {/* One setting: the embedding model name and the channel serving it (none chosen: the env channel). */}
          <Form.Item label={t('aiadmin.embedding_model')}>
            <Space.Compact>
              <Form.Item name="embedding_channel_id" noStyle>
                <Select
                  style={{ width: 250 }}
                  allowClear
                  placeholder={t('aiadmin.embedding_channel_env')}
                  options={channels.filter((c) => c.kind === 'db' && c.id !== null).map((c) => ({ value: c.id, label: c.name }))}
                  data-testid="ai-embedding-channel"
                />
              </Form.Item>
              <Form.Item name="embedding_model" noStyle>
                <Input style={{ width: 260 }} maxLength={128} placeholder={t('aiadmin.embedding_model_placeholder')} data-testid="ai-embedding-model" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Space>
        <Form.Item name="system_prompt" label={t('aiadmin.system_prompt')}>
          <Input.TextArea rows={3} maxLength={4000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ai-settings-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** Admin → Models: channels (stored, env, offline), their models and billing, the chat settings, and a streaming test. */
export function AiModelsPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery(channelsQuery);
  const [channelModal, setChannelModal] = useState<{ channel: AdminChannel | null } | null>(null);
  const [modelModal, setModelModal] = useState<{ channelId: number; model: AdminModel | null } | null>(null);
  const [test, setTest] = useState<{ target: TestTarget; seq: number } | null>(null);
  const runTest = (target: TestTarget) => setTest((prev) => ({ target, seq: (prev?.seq ?? 0) + 1 }));

  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <Alert type="error" showIcon title={t('errors.server_error')} />;
  const { channels, settings } = query.data;
  const allModels = channels.filter((c) => c.kind !== 'offline').flatMap((c) => c.models);

  const modelColumns = (channel: AdminChannel): TableColumnsType<AdminModel> => [
    { title: t('aiadmin.model_key'), dataIndex: 'key', render: (key: string, m) => (
      <Space size={4}>
        <code>{key}</code>
        {(settings.default_model === key || m.is_default) && <Tag color="blue">{t('aiadmin.is_default')}</Tag>}
        {!m.visible && <Tag>{t('aiadmin.disabled')}</Tag>}
      </Space>
    ) },
    { title: t('aiadmin.names'), key: 'name', render: (_v, m) => m.names[locale] || m.names.zh },
    { title: t('aiadmin.upstream_model'), dataIndex: 'upstream_model' },
    { title: t('aiadmin.billing'), key: 'billing', render: (_v, m) => `${m.billing.mode === 'per_answer' ? t('aiadmin.per_answer') : t('aiadmin.per_1k_words')} × ${m.billing.price}` },
    { title: t('aiadmin.context_tokens'), dataIndex: 'context_tokens' },
    {
      title: '',
      key: 'actions',
      render: (_v, m) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => runTest({ model: m.key })} data-testid={`model-test-${m.key}`}>
            {t('aiadmin.test')}
          </Button>
          {!m.is_default && settings.default_model !== m.key && channel.kind !== 'offline' && (
            <Button size="small" onClick={() => void saveAiSettings({ ...settings, default_model: m.key }).catch(() => undefined)}>
              {t('aiadmin.is_default')}
            </Button>
          )}
          {!channel.read_only && channel.id !== null && (
            <>
              <Button size="small" onClick={() => setModelModal({ channelId: channel.id ?? 0, model: m })}>
                {t('aiadmin.edit_model')}
              </Button>
              <Popconfirm title={t('aiadmin.delete_confirm', { name: m.key })} onConfirm={() => m.id !== null && void deleteModel(m.id).catch(() => undefined)}>
                <Button size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="ai-models-panel">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setChannelModal({ channel: null })} data-testid="channel-add">
          {t('aiadmin.add_channel')}
        </Button>
      </Space>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {channels.map((c) => (
          <Card
            key={c.id ?? c.kind}
            size="small"
            data-testid={`channel-${c.id ?? c.kind}`}
            title={
              <Space wrap>
                <strong>{c.name}</strong>
                {c.read_only && <Tag>{t('aiadmin.read_only')}</Tag>}
                <Tag color={c.enabled ? 'green' : 'default'}>{c.enabled ? t('aiadmin.enabled') : t('aiadmin.disabled')}</Tag>
                {c.kind !== 'offline' && <Tag color={c.has_key ? 'blue' : 'orange'} data-testid="channel-key-state">{c.has_key ? t('aiadmin.key_set') : t('aiadmin.key_none')}</Tag>}
              </Space>
            }
            extra={
              <Space wrap>
                {c.id !== null && (
                  <>
                    <Button size="small" onClick={() => runTest({ channel_id: c.id ?? 0 })} data-testid={`channel-test-${c.id}`}>
                      {t('aiadmin.test')}
                    </Button>
                    <Switch size="small" checked={c.enabled} onChange={(on) => void setChannelEnabled(c.id ?? 0, on).catch(() => undefined)} aria-label={t('aiadmin.enabled')} />
                    <Button size="small" onClick={() => setChannelModal({ channel: c })} data-testid={`channel-edit-${c.id}`}>
                      {t('aiadmin.edit_channel')}
                    </Button>
                    <Popconfirm title={t('aiadmin.delete_confirm', { name: c.name })} onConfirm={() => void deleteChannel(c.id ?? 0).catch(() => undefined)}>
                      <Button size="small" danger>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            }
          >
            {c.kind === 'env' && <p className="muted small">{t('aiadmin.env_channel')}</p>}
            {c.kind === 'offline' && <p className="muted small">{t('aiadmin.offline_channel')}</p>}
            {c.kind !== 'offline' && (
              <p className="small">
                <code>{c.base_url}</code> · {t('aiadmin.first_token_timeout')}: {c.first_token_timeout_ms} · {t('aiadmin.total_timeout')}: {c.total_timeout_ms}
              </p>
            )}
            <Table<AdminModel> rowKey="key" size="small" pagination={false} columns={modelColumns(c)} dataSource={c.models} scroll={{ x: 800 }} />
            {!c.read_only && c.id !== null && (
              <Button size="small" style={{ marginTop: 8 }} onClick={() => setModelModal({ channelId: c.id ?? 0, model: null })} data-testid={`model-add-${c.id}`}>
                {t('aiadmin.add_model')}
              </Button>
            )}
          </Card>
        ))}
        <SettingsCard key={JSON.stringify(settings)} settings={settings} models={allModels} channels={channels} />
      </Space>
      <ChannelModal open={channelModal !== null} channel={channelModal?.channel ?? null} onClose={() => setChannelModal(null)} />
      {modelModal && <ModelModal open channelId={modelModal.channelId} model={modelModal.model} onClose={() => setModelModal(null)} />}
      {test && <AiTestModal key={test.seq} target={test.target} onClose={() => setTest(null)} />}
    </div>
  );
}
