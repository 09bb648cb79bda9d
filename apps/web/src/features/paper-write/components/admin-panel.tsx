import { Alert, Button, Form, InputNumber, Switch } from 'antd';
import type { PaperWriteConfig } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { toast } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { isRequestError, request } from '@/lib/request';

const configKey = ['admin', 'paper-write', 'config'] as const;

/** Admin → Paper writing: whether it is open, and the price in word counts per 1,000 generated words. */
export function PaperWriteAdminPanel() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: configKey, queryFn: ({ signal }) => request(api.adminPaperWriteConfig, undefined, { signal, background: true, silent: true }) });
  const [form] = Form.useForm<PaperWriteConfig>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!config.data) return config.isError ? <Alert type="error" title={config.error.message} /> : null;
  const save = async () => {
    setError(null);
    let values: PaperWriteConfig;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await request(api.adminSetPaperWriteConfig, values, { silent: true });
      queryClient.setQueryData(configKey, saved);
      form.setFieldsValue(saved);
      toast.success(t('paperwrite.admin.saved'));
    } catch (e) {
      setError(isRequestError(e) ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={config.data} style={{ maxWidth: 480 }} data-testid="paperwrite-admin-form">
      <h2>{t('paperwrite.admin.title')}</h2>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form.Item name="is_open" label={t('paperwrite.admin.is_open')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="price" label={t('paperwrite.admin.price')} extra={t('paperwrite.admin.price_help')} rules={[{ required: true }]}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="paperwrite-admin-price" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="paperwrite-admin-save">
        {t('paperwrite.admin.save')}
      </Button>
    </Form>
  );
}
