import { Alert, Button, Popconfirm, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { AdminDrawChannel, DrawFamily } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';
import { ChannelForm } from './channel-form';
import { deleteDrawChannel, testDrawChannel, toggleDrawChannel } from './draw-admin-api';

type Target = { id: number } | { env_family: DrawFamily };
interface TestResult {
  ok: boolean;
  models: string[];
  error: string | null;
}

const keyOf = (c: AdminDrawChannel) => (c.source === 'env' || c.id === null ? `env-${c.family}` : `db-${c.id}`);
const targetOf = (c: AdminDrawChannel): Target => (c.source === 'env' || c.id === null ? { env_family: c.family } : { id: c.id });

/** Stored and environment channels: state, test, switch, edit, delete. Env channels are read-only but can be switched off. */
export function ChannelsSection({ channels }: { channels: AdminDrawChannel[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ channel: AdminDrawChannel | null } | null>(null);
  const [tests, setTests] = useState<Record<string, TestResult | 'running'>>({});

  const runTest = async (channel: AdminDrawChannel) => {
    const key = keyOf(channel);
    setTests((prev) => ({ ...prev, [key]: 'running' }));
    try {
      const result = await testDrawChannel(targetOf(channel));
      setTests((prev) => ({ ...prev, [key]: result }));
    } catch (error) {
      setTests((prev) => ({ ...prev, [key]: { ok: false, models: [], error: isRequestError(error) ? error.message : t('errors.server_error') } }));
    }
  };
  const testedModels = (channel: AdminDrawChannel | null) => {
    if (!channel) return [];
    const result = tests[keyOf(channel)];
    return result && result !== 'running' ? result.models : [];
  };

  const columns: TableColumnsType<AdminDrawChannel> = [
    {
      title: t('drawadmin.channel'),
      key: 'name',
      render: (_v, c) => (
        <div className="draw-channel__name">
          <Space size={4} wrap>
            <Tag color={c.family === 'openai' ? 'green' : c.family === 'sd' ? 'purple' : 'orange'}>{t(`square.family.${c.family}`)}</Tag>
            <strong>{c.name}</strong>
            {c.source === 'env' && (
              <Tooltip title={t('drawadmin.env_hint')}>
                <Tag>{t('drawadmin.source_env')}</Tag>
              </Tooltip>
            )}
          </Space>
          <code className="draw-channel__url">{c.base_url}</code>
        </div>
      ),
    },
    {
      title: t('drawadmin.key_stored'),
      key: 'key',
      render: (_v, c) => (
        <Space size={4} wrap>
          <Tag color={c.has_key ? 'blue' : undefined}>{c.has_key ? t('drawadmin.yes') : t('drawadmin.no')}</Tag>
          {c.family === 'yj' && <Tag color={c.has_secret ? 'blue' : undefined}>{`${t('drawadmin.secret')}: ${c.has_secret ? t('drawadmin.yes') : t('drawadmin.no')}`}</Tag>}
        </Space>
      ),
    },
    { title: t('drawadmin.concurrency'), dataIndex: 'concurrency', width: 90 },
    { title: t('drawadmin.timeout'), key: 'timeout', width: 100, render: (_v, c) => `${c.timeout_seconds} ${t('drawadmin.seconds')}` },
    {
      title: t('drawadmin.offers'),
      key: 'offers',
      width: 110,
      render: (_v, c) => (c.offers.length === 0 ? <span className="muted">{t('drawadmin.offers_default')}</span> : t('drawadmin.offers_count', { count: c.offers.length })),
    },
    {
      title: t('drawadmin.last_error'),
      key: 'last_error',
      render: (_v, c) => (c.last_error ? <span className="draw-channel__error">{c.last_error}</span> : <span className="muted">—</span>),
    },
    {
      title: t('drawadmin.enabled'),
      key: 'enabled',
      width: 80,
      render: (_v, c) =>
        c.enabled ? (
          <Popconfirm title={t('drawadmin.disable_confirm', { name: c.name })} onConfirm={() => void toggleDrawChannel(targetOf(c), false).catch(() => undefined)} okText={t('drawadmin.disable')} cancelText={t('common.cancel')}>
            <Switch checked aria-label={t('drawadmin.enabled')} data-testid={`draw-channel-toggle-${keyOf(c)}`} />
          </Popconfirm>
        ) : (
          <Switch checked={false} onChange={() => void toggleDrawChannel(targetOf(c), true).catch(() => undefined)} aria-label={t('drawadmin.enabled')} data-testid={`draw-channel-toggle-${keyOf(c)}`} />
        ),
    },
    {
      title: '',
      key: 'actions',
      render: (_v, c) => (
        <Space size={4} wrap>
          <Button size="small" loading={tests[keyOf(c)] === 'running'} onClick={() => void runTest(c)} data-testid={`draw-channel-test-${keyOf(c)}`}>
            {t('drawadmin.test')}
          </Button>
          {c.source === 'db' && c.id !== null && (
            <>
              <Button size="small" onClick={() => setEditing({ channel: c })} data-testid={`draw-channel-edit-${keyOf(c)}`}>
                {t('drawadmin.edit')}
              </Button>
              <Popconfirm
                title={t('drawadmin.delete_confirm', { name: c.name })}
                okButtonProps={{ danger: true }}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                onConfirm={() => c.id !== null && void deleteDrawChannel(c.id).catch(() => undefined)}
              >
                <Button size="small" danger data-testid={`draw-channel-delete-${keyOf(c)}`}>
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
    <div className="draw-channels">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setEditing({ channel: null })} data-testid="draw-channel-add">
          {t('drawadmin.add_channel')}
        </Button>
        <span className="muted">{t('drawadmin.channels_hint')}</span>
      </Space>
      {channels.length === 0 && <Alert type="info" showIcon title={t('drawadmin.no_channels')} style={{ marginBottom: 12 }} data-testid="draw-no-channels" />}
      <Table<AdminDrawChannel>
        rowKey={keyOf}
        size="small"
        columns={columns}
        dataSource={channels}
        pagination={false}
        scroll={{ x: 960 }}
        onRow={(c) => ({ 'data-testid': `draw-channel-${keyOf(c)}` }) as React.HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowKeys: Object.keys(tests),
          showExpandColumn: false,
          expandedRowRender: (c) => <TestOutcome result={tests[keyOf(c)]} />,
          rowExpandable: (c) => tests[keyOf(c)] !== undefined,
        }}
      />
      {editing && <ChannelForm channel={editing.channel} testedModels={testedModels(editing.channel)} onClose={() => setEditing(null)} />}
    </div>
  );
}

function TestOutcome({ result }: { result: TestResult | 'running' | undefined }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result === 'running') return <span className="muted">{t('drawadmin.testing')}</span>;
  if (!result.ok)
    return <Alert type="error" showIcon title={t('drawadmin.test_failed')} description={result.error ?? ''} data-testid="draw-test-result" />;
  return (
    <Alert
      type="success"
      showIcon
      title={t('drawadmin.test_ok', { count: result.models.length })}
      description={
        <Space size={4} wrap>
          {result.models.map((m) => (
            <Tag key={m}>{m}</Tag>
          ))}
        </Space>
      }
      data-testid="draw-test-result"
    />
  );
}
