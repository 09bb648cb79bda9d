import { Alert, Button, Card, Checkbox, Form, Input, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQuery } from '@/lib/site-config';
import { oauthKeys, oauthQuery, saveOauth } from '../api/oauth-admin-api';

interface FormValues {
  issuer: string;
  client_id: string;
  client_secret: string;
  clear_google: boolean;
  app_id: string;
  app_secret: string;
  clear_wechat: boolean;
}

/**
 * Google (OpenID Connect) and WeChat sign-in settings. Secrets are write-only:
 * the server only says whether one is stored; an empty field keeps it.
 */
export function OauthPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(oauthQuery);
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  if (settings.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (settings.isError) return <Alert type="error" title={t('admin.settings_failed')} showIcon />;
  const data = settings.data;
  const sourceLabel = (source: 'env' | 'settings' | 'none') => t(`oauthadmin.source_${source}`);
  const googleLocked = data.google.source === 'env';
  const wechatLocked = data.wechat.source === 'env';

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const saved = await saveOauth({
        ...(googleLocked
          ? {}
          : { google: { issuer: values.issuer, client_id: values.client_id, client_secret: values.clear_google ? '' : values.client_secret || undefined } }),
        ...(wechatLocked ? {} : { wechat: { app_id: values.app_id, app_secret: values.clear_wechat ? '' : values.app_secret || undefined } }),
      });
      queryClient.setQueryData(oauthKeys.settings, saved);
      form.setFieldsValue({ client_secret: '', app_secret: '', clear_google: false, clear_wechat: false });
      // The sign-in buttons come from /pc/config.
      await queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
    } catch {
      // Reported by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const status = (enabled: boolean, source: 'env' | 'settings' | 'none') => (
    <span>
      <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('oauthadmin.enabled') : t('oauthadmin.disabled')}</Tag>
      <Typography.Text type="secondary">{sourceLabel(source)}</Typography.Text>
    </span>
  );

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void save(values)}
      initialValues={{ issuer: data.google.issuer, client_id: data.google.client_id, client_secret: '', clear_google: false, app_id: data.wechat.app_id, app_secret: '', clear_wechat: false }}
      data-testid="oauth-form"
      className="oauth-form"
    >
      <Typography.Paragraph type="secondary">{t('oauthadmin.intro')}</Typography.Paragraph>
      <Card title={t('oauthadmin.google')} extra={status(data.google.enabled, data.google.source)} size="small" className="oauth-card">
        <Form.Item name="issuer" label={t('oauthadmin.issuer')}>
          <Input placeholder="https://accounts.google.com" disabled={googleLocked} maxLength={300} data-testid="oauth-google-issuer" />
        </Form.Item>
        <Form.Item name="client_id" label={t('oauthadmin.client_id')}>
          <Input disabled={googleLocked} maxLength={200} autoComplete="off" data-testid="oauth-google-client-id" />
        </Form.Item>
        <Form.Item name="client_secret" label={t('oauthadmin.client_secret')} extra={data.google.secret_set ? t('oauthadmin.secret_set') : t('oauthadmin.secret_unset')}>
          <Input.Password disabled={googleLocked} maxLength={500} autoComplete="new-password" data-testid="oauth-google-secret" />
        </Form.Item>
        {data.google.secret_set && !googleLocked && (
          <Form.Item name="clear_google" valuePropName="checked">
            <Checkbox>{t('oauthadmin.clear_secret')}</Checkbox>
          </Form.Item>
        )}
        <Typography.Text type="secondary">{t('oauthadmin.callback')}: </Typography.Text>
        <Typography.Text copyable code>
          {data.callbacks.google}
        </Typography.Text>
      </Card>
      <Card title={t('oauthadmin.wechat')} extra={status(data.wechat.enabled, data.wechat.source)} size="small" className="oauth-card">
        <Form.Item name="app_id" label={t('oauthadmin.app_id')}>
          <Input disabled={wechatLocked} maxLength={200} autoComplete="off" data-testid="oauth-wechat-app-id" />
        </Form.Item>
        <Form.Item name="app_secret" label={t('oauthadmin.app_secret')} extra={data.wechat.secret_set ? t('oauthadmin.secret_set') : t('oauthadmin.secret_unset')}>
          <Input.Password disabled={wechatLocked} maxLength={500} autoComplete="new-password" data-testid="oauth-wechat-secret" />
        </Form.Item>
        {data.wechat.secret_set && !wechatLocked && (
          <Form.Item name="clear_wechat" valuePropName="checked">
            <Checkbox>{t('oauthadmin.clear_secret')}</Checkbox>
          </Form.Item>
        )}
        <Typography.Text type="secondary">{t('oauthadmin.callback')}: </Typography.Text>
        <Typography.Text copyable code>
          {data.callbacks.wechat}
        </Typography.Text>
      </Card>
      <div className="sticky-actions">
        <Button type="primary" htmlType="submit" size="large" loading={saving} disabled={googleLocked && wechatLocked} data-testid="oauth-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
