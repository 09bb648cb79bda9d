import { Alert, Button, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { WEBVIEW_HOST_PATTERN, WEBVIEW_MAX_HOSTS } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

const settingsKey = ['admin', 'webview'] as const;

/** Admin → Embedded views: the hosts `/webview` and `/webview2` may frame (https only); the site's CSP frame-src follows the list. */
export function WebviewAdminPanel() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => request(api.adminWebviewSettings, undefined, { signal }) });
  const [form] = Form.useForm<{ hosts: string[] }>();
  const [saving, setSaving] = useState(false);
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message || t('errors.server_error')} />;

  const save = async (values: { hosts: string[] }) => {
    setSaving(true);
    try {
      await request(api.adminWebviewSave, { hosts: values.hosts.map((h) => h.trim().toLowerCase()) });
      await queryClient.invalidateQueries({ queryKey: settingsKey });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="admin-panel" data-testid="webview-admin">
      <p className="muted">{t('webview.admin_hint')}</p>
      <Form form={form} layout="vertical" initialValues={query.data} onFinish={(v) => void save(v)}>
        <Form.Item
          name="hosts"
          label={t('webview.admin_hosts')}
          extra={t('webview.admin_hosts_extra')}
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                const bad = (value ?? []).find((h) => !WEBVIEW_HOST_PATTERN.test(h.trim().toLowerCase()));
                if (bad !== undefined) throw new Error(`${t('msg.webview_host_invalid')}: ${bad}`);
                if ((value ?? []).length > WEBVIEW_MAX_HOSTS) throw new Error(t('webview.admin_too_many', { max: WEBVIEW_MAX_HOSTS }));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} suffixIcon={null} placeholder="docs.example.com" data-testid="webview-hosts" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="webview-save">
          {t('common.save')}
        </Button>
      </Form>
    </div>
  );
}
