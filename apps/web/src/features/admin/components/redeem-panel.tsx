import { Alert, Button, DatePicker, Drawer, Form, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@/lib/api';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDate } from '@/lib/format';
import { toast } from '@/lib/notify';
import { adminPackagesQuery, commerceAdminKeys, disableRedeem, downloadBatchCsv, generateBatch, redeemBatchesQuery, redeemCodesQuery } from '../api/commerce-admin-api';

type Batch = ApiResponse<'adminRedeemBatches'>['lists'][number];
type CodeRow = ApiResponse<'adminRedeemCodes'>['lists'][number];
const PAGE_SIZE = 20;

interface GenerateValues {
  count: number;
  uses_per_code: number;
  one_per_user: boolean;
  expires_at?: { toISOString: () => string } | null;
  grant_kind: 'balances' | 'package';
  package_id?: number;
  conversation_count?: number;
  word_count?: number;
  drawing_count?: number;
}

/** Admin → Redeem codes: generate a batch (shown once, exportable), list batches, open one, disable a batch or a code. */
export function RedeemPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<{ batch_id: number; codes: string[] } | null>(null);
  const [openBatch, setOpenBatch] = useState<Batch | null>(null);
  const batches = useQuery({ ...redeemBatchesQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: commerceAdminKeys.all });

  const grantText = (g: Batch['grant']) =>
    [
      g.package_id !== undefined && t('commerceadmin.grant_package', { id: g.package_id }),
      g.conversation_count && t('commerce.conversations', { count: formatCount(g.conversation_count, locale) }),
      g.word_count && t('commerce.words', { count: formatCount(g.word_count, locale) }),
      g.drawing_count && t('commerce.drawings', { count: formatCount(g.drawing_count, locale) }),
    ]
      .filter(Boolean)
      .join(' · ');

  const columns: TableColumnsType<Batch> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('commerceadmin.grant'), key: 'grant', render: (_v, b) => grantText(b.grant) },
    { title: t('commerceadmin.count'), dataIndex: 'count', width: 80 },
    { title: t('commerceadmin.used'), dataIndex: 'used', width: 80 },
    { title: t('commerceadmin.uses_per_code'), dataIndex: 'uses_per_code', width: 110 },
    { title: t('commerceadmin.expires_at'), dataIndex: 'expires_at', width: 170, render: (v: string | null) => (v ? formatDate(v, locale, true) : t('commerceadmin.never')) },
    { title: t('commerce.status'), dataIndex: 'disabled', width: 90, render: (off: boolean) => <Tag color={off ? 'red' : 'green'}>{off ? t('commerceadmin.disabled') : t('commerceadmin.active')}</Tag> },
    { title: t('admin.time'), dataIndex: 'create_time', width: 170, render: (v: string) => formatDate(v, locale, true) },
    {
      title: '',
      key: 'actions',
      width: 250,
      render: (_v, b) => (
        <Space size={4}>
          <Button size="small" onClick={() => setOpenBatch(b)} data-testid={`batch-codes-${b.id}`}>
            {t('commerceadmin.view_codes')}
          </Button>
          <Button size="small" onClick={() => void downloadBatchCsv(b.id).catch((e: Error) => toast.error(e.message))} data-testid={`batch-export-${b.id}`}>
            CSV
          </Button>
          {!b.disabled && (
            <Popconfirm title={t('commerceadmin.disable_batch_confirm')} onConfirm={() => void disableRedeem({ batch_id: b.id }).then(refresh, () => undefined)}>
              <Button size="small" danger data-testid={`batch-disable-${b.id}`}>
                {t('commerceadmin.disable')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="admin-redeem">
      <div>
        <Button type="primary" onClick={() => setGenerating(true)} data-testid="redeem-generate">
          {t('commerceadmin.generate')}
        </Button>
      </div>
      {batches.isError && <Alert type="error" showIcon title={batches.error.message} />}
      <Table
        rowKey="id"
        size="middle"
        loading={batches.isFetching}
        dataSource={batches.data?.lists ?? []}
        columns={columns}
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: batches.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {generating && (
        <GenerateModal
          onClose={() => setGenerating(false)}
          onDone={(result) => {
            setGenerating(false);
            setGenerated(result);
            refresh();
          }}
        />
      )}
      <Modal open={generated !== null} onCancel={() => setGenerated(null)} onOk={() => setGenerated(null)} title={t('commerceadmin.generated', { count: generated?.codes.length ?? 0 })} cancelButtonProps={{ style: { display: 'none' } }} width={560}>
        {generated && (
          <div data-testid="generated-codes">
            <Typography.Paragraph copyable={{ text: generated.codes.join('\n') }} className="muted">
              {t('commerceadmin.copy_all')}
            </Typography.Paragraph>
            <pre className="outbox-body redeem-codes">{generated.codes.join('\n')}</pre>
            <Button onClick={() => void downloadBatchCsv(generated.batch_id).catch((e: Error) => toast.error(e.message))}>CSV</Button>
          </div>
        )}
      </Modal>
      <Drawer open={openBatch !== null} onClose={() => setOpenBatch(null)} size="large" title={openBatch ? `${t('commerceadmin.batch')} #${openBatch.id}` : ''} destroyOnHidden>
        {openBatch && <BatchCodes batchId={openBatch.id} onChanged={refresh} />}
      </Drawer>
    </div>
  );
}

function BatchCodes({ batchId, onChanged }: { batchId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const codes = useQuery({ ...redeemCodesQuery(batchId, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const columns: TableColumnsType<CodeRow> = [
    { title: t('commerceadmin.code'), dataIndex: 'code', render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
    { title: t('commerceadmin.used'), key: 'uses', width: 100, render: (_v, c) => `${c.uses} / ${c.uses_per_code}` },
    { title: t('commerce.status'), dataIndex: 'disabled', width: 100, render: (off: boolean) => <Tag color={off ? 'red' : 'green'}>{off ? t('commerceadmin.disabled') : t('commerceadmin.active')}</Tag> },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_v, c) =>
        !c.disabled && (
          <Button
            size="small"
            danger
            onClick={() =>
              void disableRedeem({ code_id: c.id }).then(() => {
                void queryClient.invalidateQueries({ queryKey: commerceAdminKeys.codes(batchId, page) });
                onChanged();
              }, () => undefined)
            }
          >
            {t('commerceadmin.disable')}
          </Button>
        ),
    },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      loading={codes.isFetching}
      dataSource={codes.data?.lists ?? []}
      columns={columns}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: codes.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
    />
  );
}

function GenerateModal({ onClose, onDone }: { onClose: () => void; onDone: (result: { batch_id: number; codes: string[] }) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<GenerateValues>();
  const [saving, setSaving] = useState(false);
  const grantKind = Form.useWatch('grant_kind', form) ?? 'balances';
  const packages = useQuery({ ...adminPackagesQuery('member'), enabled: grantKind === 'package' });

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const grant =
        v.grant_kind === 'package'
          ? { package_id: v.package_id }
          : { conversation_count: v.conversation_count || undefined, word_count: v.word_count || undefined, drawing_count: v.drawing_count || undefined };
      onDone(await generateBatch({ count: v.count, uses_per_code: v.uses_per_code, one_per_user: v.one_per_user, expires_at: v.expires_at ? v.expires_at.toISOString() : undefined, grant }));
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const num = (name: keyof GenerateValues, label: string, min = 0, max = 1_000_000_000) => (
    <Form.Item name={name} label={label}>
      <InputNumber min={min} max={max} precision={0} style={{ width: 150 }} data-testid={`redeem-${name}`} />
    </Form.Item>
  );

  return (
    <Modal open title={t('commerceadmin.generate')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} width={620} destroyOnHidden okButtonProps={{ 'data-testid': 'redeem-generate-submit' } as Record<`data-${string}`, string>}>
      <Form form={form} layout="vertical" initialValues={{ count: 10, uses_per_code: 1, one_per_user: true, grant_kind: 'balances', word_count: 10_000 }}>
        <Space wrap size="large">
          {num('count', t('commerceadmin.count'), 1, 10_000)}
          {num('uses_per_code', t('commerceadmin.uses_per_code'), 1, 1_000_000)}
          <Form.Item name="one_per_user" label={t('commerceadmin.one_per_user')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="expires_at" label={t('commerceadmin.expires_at')}>
            <DatePicker showTime />
          </Form.Item>
        </Space>
        <Form.Item name="grant_kind" label={t('commerceadmin.grant')}>
          <Radio.Group
            options={[
              { value: 'balances', label: t('commerceadmin.grant_balances') },
              { value: 'package', label: t('commerceadmin.grant_package_option') },
            ]}
          />
        </Form.Item>
        {grantKind === 'package' ? (
          <Form.Item name="package_id" label={t('commerce.package')} rules={[{ required: true }]}>
            <Select style={{ width: 360 }} loading={packages.isPending} options={(packages.data?.lists ?? []).map((p) => ({ value: p.id, label: `#${p.id} ${p.name[locale] || p.name.zh}` }))} />
          </Form.Item>
        ) : (
          <Space wrap size="large">
            {num('word_count', t('commerceadmin.word_count'))}
            {num('conversation_count', t('commerceadmin.conversation_count'))}
            {num('drawing_count', t('commerceadmin.drawing_count'))}
          </Space>
        )}
      </Form>
    </Modal>
  );
}
