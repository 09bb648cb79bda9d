import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { DRAW_FAMILIES, type AdminDrawChannel, type DrawFamily } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';
import { saveDrawChannel } from './draw-admin-api';
import { fieldOfError, offerRowOfError } from './field-errors';
import { offerProblems, toOffers, type OfferRow } from './offers';
import { OffersEditor } from './offers-editor';

interface Values {
  family: DrawFamily;
  name: string;
  base_url: string;
  api_key?: string;
  clear_key?: boolean;
  secret?: string;
  clear_secret?: boolean;
  enabled: boolean;
  concurrency: number;
  timeout_seconds: number;
  offers: OfferRow[];
}

const FIELDS = ['family', 'name', 'base_url', 'api_key', 'secret', 'enabled', 'concurrency', 'timeout_seconds', 'offers'] as const;

/** What the key field means for each family (A1111's is `user:password` of --api-auth). */
const KEY_HINT: Record<DrawFamily, string> = { openai: 'drawadmin.key_hint_openai', sd: 'drawadmin.key_hint_sd', yj: 'drawadmin.key_hint_yj' };

/**
 * Add or edit a stored channel. Keys are write-only: blank keeps the stored
 * one, the checkbox clears it. Refusals the server ties to a field are shown
 * under that field.
 */
export function ChannelForm({ channel, testedModels, onClose }: { channel: AdminDrawChannel | null; testedModels: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const family = Form.useWatch('family', form) ?? channel?.family ?? 'openai';
  const [saving, setSaving] = useState(false);
  const [badRow, setBadRow] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    setFormError(null);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveDrawChannel({
        id: channel?.id ?? undefined,
        family: v.family,
        name: v.name,
        base_url: v.base_url,
        // Blank keeps the stored key (absent), the checkbox clears it ('').
        api_key: v.clear_key ? '' : v.api_key?.trim() || undefined,
        secret: v.family !== 'yj' ? undefined : v.clear_secret ? '' : v.secret?.trim() || undefined,
        enabled: v.enabled,
        concurrency: v.concurrency,
        timeout_seconds: v.timeout_seconds,
        offers: toOffers(v.offers ?? []),
      });
      onClose();
    } catch (error) {
      const message = isRequestError(error) ? error.message : t('errors.server_error');
      const field = fieldOfError(error, FIELDS);
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        if (field === 'offers') setBadRow(offerRowOfError(error));
      } else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={channel ? t('drawadmin.edit_channel') : t('drawadmin.add_channel')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('common.save')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'draw-channel-save' } as Record<`data-${string}`, string>}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="draw-channel-error" />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        data-testid="draw-channel-form"
        initialValues={{
          family: channel?.family ?? 'openai',
          name: channel?.name ?? '',
          base_url: channel?.base_url ?? '',
          enabled: channel?.enabled ?? true,
          concurrency: channel?.concurrency ?? 2,
          timeout_seconds: channel?.timeout_seconds ?? 300,
          offers: (channel?.offers ?? []).map((o) => ({ ...o })),
        }}
      >
        <div className="draw-form__grid">
          <Form.Item name="family" label={t('drawadmin.family')} rules={[{ required: true }]}>
            <Select
              disabled={channel !== null}
              options={DRAW_FAMILIES.map((f) => ({ value: f, label: t(`square.family.${f}`) }))}
              data-testid="draw-channel-family"
            />
          </Form.Item>
          <Form.Item name="name" label={t('drawadmin.name')} rules={[{ required: true, whitespace: true, max: 100, message: t('drawadmin.name_required') }]}>
            <Input maxLength={100} data-testid="draw-channel-name" />
          </Form.Item>
        </div>
        <Form.Item name="base_url" label={t('drawadmin.base_url')} extra={t(`drawadmin.base_url_hint_${family}`)} rules={[{ required: true, type: 'url', max: 500, message: t('drawadmin.base_url_invalid') }]}>
          <Input placeholder={family === 'sd' ? 'http://127.0.0.1:7860' : 'https://'} data-testid="draw-channel-base-url" />
        </Form.Item>
        <div className="draw-form__grid">
          <div>
            <Form.Item
              name="api_key"
              label={t('drawadmin.api_key')}
              extra={[t(KEY_HINT[family]), channel?.has_key ? t('drawadmin.key_keep') : ''].filter(Boolean).join(' · ')}
            >
              <Input.Password autoComplete="new-password" visibilityToggle={false} maxLength={500} data-testid="draw-channel-key" />
            </Form.Item>
            {channel?.has_key && (
              <Form.Item name="clear_key" valuePropName="checked" className="draw-form__tight">
                <Checkbox>{t('drawadmin.key_clear')}</Checkbox>
              </Form.Item>
            )}
          </div>
          {family === 'yj' && (
            <div>
              <Form.Item name="secret" label={t('drawadmin.secret')} extra={channel?.has_secret ? t('drawadmin.key_keep') : undefined}>
                <Input.Password autoComplete="new-password" visibilityToggle={false} maxLength={500} data-testid="draw-channel-secret" />
              </Form.Item>
              {channel?.has_secret && (
                <Form.Item name="clear_secret" valuePropName="checked" className="draw-form__tight">
                  <Checkbox>{t('drawadmin.secret_clear')}</Checkbox>
                </Form.Item>
              )}
            </div>
          )}
        </div>
        <div className="draw-form__grid draw-form__grid--3">
          <Form.Item name="concurrency" label={t('drawadmin.concurrency')} extra={t('drawadmin.concurrency_hint')} rules={[{ required: true }]}>
            <InputNumber min={1} max={64} precision={0} style={{ width: '100%' }} data-testid="draw-channel-concurrency" />
          </Form.Item>
          <Form.Item name="timeout_seconds" label={t('drawadmin.timeout')} extra={t('drawadmin.timeout_hint')} rules={[{ required: true }]}>
            <InputNumber min={10} max={3600} precision={0} suffix={t('drawadmin.seconds')} style={{ width: '100%' }} data-testid="draw-channel-timeout" />
          </Form.Item>
          <Form.Item name="enabled" label={t('drawadmin.enabled')} valuePropName="checked">
            <Switch data-testid="draw-channel-enabled" />
          </Form.Item>
        </div>
        <Form.Item
          name="offers"
          label={t('drawadmin.offers')}
          extra={t('drawadmin.offers_hint')}
          rules={[
            {
              validator: async (_rule, rows: OfferRow[] | undefined) => {
                if (offerProblems(rows ?? []).size > 0) throw new Error(t('drawadmin.offers_fix'));
              },
            },
          ]}
        >
          <OffersEditor family={family} testedModels={testedModels} badRow={badRow} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
