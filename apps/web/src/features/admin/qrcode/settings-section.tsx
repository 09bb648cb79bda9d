import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import { QR_AI_MAX_ATTEMPTS_LIMIT, QR_AI_RECIPES, QR_CONTROL_MODES, type QrAiSettings } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { saveQrSettings } from './qrcode-admin-api';

const MODE_KEY = { Balanced: 'balanced', 'My prompt is more important': 'prompt', 'ControlNet is more important': 'control' } as const;
const FIELDS = ['recipe', 'monster_model', 'brightness_model', 'tile_model', 'weight', 'weight_step', 'max_attempts', 'guidance_start', 'guidance_end', 'control_mode'] as const;

/** The AI art code settings: ControlNet recipe and models, the first weight, the step per attempt and how many attempts. */
export function QrSettingsSection({ settings }: { settings: QrAiSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QrAiSettings>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const save = async () => {
    setFormError(null);
    let v: QrAiSettings;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      form.setFieldsValue(await saveQrSettings(v));
      toast.success(t('qradmin.saved'));
    } catch (error) {
      const message = isRequestError(error) ? error.message : t('errors.server_error');
      const data = isRequestError(error) ? error.data : null;
      const named = data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : '';
      const field = FIELDS.find((f) => f === named);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  const number = (name: (typeof FIELDS)[number], min: number, max: number, step: number, precision?: number) => (
    <Form.Item name={name} label={t(`qradmin.${name}`)} extra={t(`qradmin.${name}_hint`)} rules={[{ required: true }]}>
      <InputNumber min={min} max={max} step={step} precision={precision} style={{ width: '100%' }} data-testid={`qr-settings-${name}`} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={settings} data-testid="qr-settings-form">
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <p className="muted">{t('qradmin.settings_hint')}</p>
      <div className="qr-admin__grid qr-admin__grid--3">
        <Form.Item name="recipe" label={t('qrcode.recipe_label')}>
          <Select options={QR_AI_RECIPES.map((r) => ({ value: r, label: t(`qrcode.recipe.${r}`) }))} data-testid="qr-settings-recipe" />
        </Form.Item>
        <Form.Item name="control_mode" label={t('qrcode.control_mode_label')}>
          <Select options={QR_CONTROL_MODES.map((m) => ({ value: m, label: t(`qrcode.control_mode.${MODE_KEY[m]}`) }))} />
        </Form.Item>
        <Form.Item name="monster_model" label={t('qradmin.monster_model')} rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="brightness_model" label={t('qradmin.brightness_model')} rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="tile_model" label={t('qradmin.tile_model')} rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
        {number('weight', 0.3, 2, 0.05)}
        {number('weight_step', 0, 1, 0.05)}
        {number('max_attempts', 1, QR_AI_MAX_ATTEMPTS_LIMIT, 1, 0)}
        {number('guidance_start', 0, 1, 0.05)}
        {number('guidance_end', 0, 1, 0.05)}
      </div>
      <div className="sticky-actions">
        <Button type="primary" size="large" loading={saving} onClick={() => void save()} data-testid="qr-settings-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
