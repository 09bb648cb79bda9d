import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Radio, Space, Switch, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE_SCENES, SMS_PROVIDERS, SMS_TEMPLATE_PARAM_NAMES, type AdminSmsSettings, type SmsConfigView, type SmsProviderName, type SmsTestResult } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSms, smsKeys, smsQuery, testSms } from './sms-admin-api';

type Scene = (typeof CODE_SCENES)[number];
type ParamName = (typeof SMS_TEMPLATE_PARAM_NAMES)[number];

export interface SmsFormValues {
  enabled: boolean;
  provider: SmsProviderName;
  access_key_id: string;
  access_key_secret: string;
  clear_secret: boolean;
  sign_name: string;
  region: string;
  sdk_app_id: string;
  template_default: string;
  templates: Record<Scene, string>;
  template_params: ParamName[];
}

/** The form's starting values: the saved settings, else the environment's (without its secret) as a starting point. */
export function initialValues(data: AdminSmsSettings): SmsFormValues {
  const from: SmsConfigView = data.settings ?? data.env;
  return {
    enabled: data.settings?.enabled ?? false,
    provider: from.provider,
    access_key_id: from.access_key_id,
    access_key_secret: '',
    clear_secret: false,
    sign_name: from.sign_name,
    region: from.region,
    sdk_app_id: from.sdk_app_id,
    template_default: from.template_default,
    templates: { ...from.templates },
    template_params: from.template_params.length > 0 ? from.template_params : ['code'],
  };
}

/** The save body: an empty secret field keeps the stored secret (omitted), "remove" sends ''. */
export function saveBody(values: SmsFormValues) {
  const { clear_secret, access_key_secret, ...rest } = values;
  // The checkboxes give the variables in the order they were ticked; templates take them in a fixed order.
  const params = SMS_TEMPLATE_PARAM_NAMES.filter((name) => values.template_params.includes(name));
  return { ...rest, template_params: params, access_key_secret: clear_secret ? '' : access_key_secret || undefined };
}

/**
 * Admin → SMS: the provider of verification codes (log, Alibaba Cloud,
 * Tencent Cloud) with its keys, sign name and templates; the environment's
 * configuration read-only beside it; a test message through the provider in
 * effect. The secret is write-only: the server only says whether one is set.
 */
export function SmsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(smsQuery);
  const [form] = Form.useForm<SmsFormValues>();
  const [saving, setSaving] = useState(false);
  const [mobile, setMobile] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<SmsTestResult | null>(null);
  const provider = Form.useWatch('provider', form);

  if (settings.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (settings.isError) return <Alert type="error" title={t('admin.settings_failed')} showIcon />;
  const data = settings.data;
  const secretSet = data.settings?.secret_set ?? false;
  const real = (provider ?? data.settings?.provider ?? data.env.provider) !== 'log';

  const save = async (values: SmsFormValues) => {
    setSaving(true);
    try {
      const saved = await saveSms(saveBody(values));
      queryClient.setQueryData(smsKeys.settings, saved);
      form.setFieldsValue({ access_key_secret: '', clear_secret: false });
    } catch {
      // Reported by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testSms({ mobile: mobile.trim() }));
    } catch {
      // Reported by the request layer.
    } finally {
      setTesting(false);
    }
  };

  const env = data.env;
  const shown = (value: string) => value || <Typography.Text type="secondary">{t('smsadmin.env_empty')}</Typography.Text>;

  return (
    <div className="sms-admin" data-testid="sms-admin">
      <Typography.Paragraph type="secondary">{t('smsadmin.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('smsadmin.in_effect')}:</Typography.Text>
        <Tag color={data.source === 'settings' ? 'blue' : 'default'} data-testid="sms-source">
          {t(`smsadmin.source_${data.source}`)}
        </Tag>
        <Tag color={data.delivers ? 'green' : 'default'}>{data.delivers ? t('smsadmin.delivers') : t('smsadmin.log_only')}</Tag>
      </Space>
      <Form<SmsFormValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} initialValues={initialValues(data)} data-testid="sms-form">
        <Card size="small" title={t('smsadmin.provider')}>
          <Form.Item name="enabled" valuePropName="checked" label={t('smsadmin.enabled')}>
            <Switch data-testid="sms-enabled" />
          </Form.Item>
          <Form.Item name="provider" label={t('smsadmin.provider')}>
            <Radio.Group data-testid="sms-provider">
              {SMS_PROVIDERS.map((name) => (
                <Radio.Button key={name} value={name} data-testid={`sms-provider-${name}`}>
                  {t(`smsadmin.provider_${name}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          {real && (
            <>
              <Form.Item name="access_key_id" label={t('smsadmin.access_key_id')}>
                <Input maxLength={200} autoComplete="off" data-testid="sms-access-key-id" />
              </Form.Item>
              <Form.Item name="access_key_secret" label={t('smsadmin.access_key_secret')} extra={secretSet ? t('smsadmin.secret_set') : t('smsadmin.secret_unset')}>
                <Input.Password maxLength={500} autoComplete="new-password" data-testid="sms-access-key-secret" />
              </Form.Item>
              {secretSet && (
                <Form.Item name="clear_secret" valuePropName="checked">
                  <Checkbox data-testid="sms-clear-secret">{t('smsadmin.clear_secret')}</Checkbox>
                </Form.Item>
              )}
              <Form.Item name="sign_name" label={t('smsadmin.sign_name')}>
                <Input maxLength={50} data-testid="sms-sign-name" />
              </Form.Item>
              <Form.Item name="region" label={t('smsadmin.region')} extra={t('smsadmin.region_hint')}>
                <Input maxLength={50} placeholder={provider === 'tencent' ? 'ap-guangzhou' : 'cn-hangzhou'} data-testid="sms-region" />
              </Form.Item>
              {provider === 'tencent' && (
                <Form.Item name="sdk_app_id" label={t('smsadmin.sdk_app_id')}>
                  <Input maxLength={20} inputMode="numeric" data-testid="sms-sdk-app-id" />
                </Form.Item>
              )}
              <Form.Item name="template_default" label={t('smsadmin.template_default')}>
                <Input maxLength={100} data-testid="sms-template-default" />
              </Form.Item>
              <Typography.Text strong>{t('smsadmin.templates')}</Typography.Text>
              {CODE_SCENES.map((scene) => (
                <Form.Item key={scene} name={['templates', scene]} label={t(`smsadmin.scene_${scene}`)}>
                  <Input maxLength={100} data-testid={`sms-template-${scene}`} />
                </Form.Item>
              ))}
              <Form.Item name="template_params" label={t('smsadmin.template_params')}>
                <Checkbox.Group options={SMS_TEMPLATE_PARAM_NAMES.map((name) => ({ value: name, label: t(`smsadmin.param_${name}`) }))} />
              </Form.Item>
            </>
          )}
        </Card>
        <div className="sticky-actions">
          <Button type="primary" htmlType="submit" size="large" loading={saving} data-testid="sms-save">
            {t('common.save')}
          </Button>
        </div>
      </Form>
      <Card size="small" title={t('smsadmin.test_title')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{t('smsadmin.test_hint')}</Typography.Paragraph>
        <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
          <Input value={mobile} onChange={(e) => setMobile(e.target.value)} placeholder={t('smsadmin.test_mobile')} aria-label={t('smsadmin.test_mobile')} maxLength={20} data-testid="sms-test-mobile" />
          <Button onClick={() => void sendTest()} loading={testing} disabled={!mobile.trim()} data-testid="sms-test-send">
            {t('smsadmin.test_send')}
          </Button>
        </Space.Compact>
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            data-testid="sms-test-result"
            title={result.ok ? t('smsadmin.test_ok') : t('smsadmin.test_failed')}
            description={
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('smsadmin.test_provider')}>{t(`smsadmin.provider_${result.provider}`)}</Descriptions.Item>
                <Descriptions.Item label={t('smsadmin.test_code')}>{result.code}</Descriptions.Item>
                {result.message && <Descriptions.Item label={t('smsadmin.test_message')}>{result.message}</Descriptions.Item>}
              </Descriptions>
            }
          />
        )}
      </Card>
      <Card size="small" title={t('smsadmin.env_title')} style={{ marginTop: 16 }} data-testid="sms-env">
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('smsadmin.provider')}>{t(`smsadmin.provider_${env.provider}`)}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.access_key_id')}>{shown(env.access_key_id)}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.access_key_secret')}>{env.secret_set ? t('smsadmin.secret_set') : t('smsadmin.secret_unset')}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.sign_name')}>{shown(env.sign_name)}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.region')}>{shown(env.region)}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.sdk_app_id')}>{shown(env.sdk_app_id)}</Descriptions.Item>
          <Descriptions.Item label={t('smsadmin.template_default')}>{shown(env.template_default)}</Descriptions.Item>
          {CODE_SCENES.map((scene) => (
            <Descriptions.Item key={scene} label={t(`smsadmin.scene_${scene}`)}>
              {shown(env.templates[scene])}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    </div>
  );
}
