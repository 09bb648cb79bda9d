import { Alert, Button, Checkbox, Form, InputNumber, Switch } from 'antd';
import { MEMBERSHIP_KINDS, type PlagiarismSettings } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { toast } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { isRequestError, request } from '@/lib/request';
import { plagiarismKeys, usePlagiarismSettings } from '../api/plagiarism-api';

/** Admin → Plagiarism check: whether it is open, the price per 1,000 characters, and what memberships include. */
export function PlagiarismAdminPanel() {
  const { t } = useTranslation();
  const settings = usePlagiarismSettings();
  const [form] = Form.useForm<PlagiarismSettings>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!settings.data) return settings.isError ? <Alert type="error" title={settings.error.message} /> : null;
  const save = async () => {
    setError(null);
    let v: PlagiarismSettings;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await request(api.adminPlagiarismSettingsSave, v, { silent: true });
      queryClient.setQueryData(plagiarismKeys.settings, saved);
      form.setFieldsValue(saved);
      toast.success(t('plagiarism.admin.saved'));
    } catch (e) {
      setError(isRequestError(e) ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={settings.data} className="plag-admin" data-testid="plag-admin-form">
      <h2>{t('plagiarism.admin.title')}</h2>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form.Item name="is_open" label={t('plagiarism.admin.is_open')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="price_per_thousand" label={t('plagiarism.admin.price')} rules={[{ required: true }]}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="plag-admin-price" />
      </Form.Item>
      <Form.Item name="member_kinds" label={t('plagiarism.admin.member_kinds')}>
        <Checkbox.Group options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`plagiarism.admin.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="member_chars_per_month" label={t('plagiarism.admin.member_chars')} rules={[{ required: true }]}>
        <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="plag-admin-save">
        {t('plagiarism.admin.save')}
      </Button>
    </Form>
  );
}
