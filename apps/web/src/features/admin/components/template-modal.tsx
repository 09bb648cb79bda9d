import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import type { ApiBody, ApiResponse } from '@/lib/api';
import type { LocalizedText } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveTemplate } from '../api/ai-admin-api';

type AdminTemplate = ApiResponse<'adminTemplates'>['lists'][number];
type Input = ApiBody<'adminTemplateSave'>;
type FieldInput = Input['fields'][number];
const LOCALES = ['zh', 'en', 'ja', 'ko'] as const;

interface FieldValues {
  name: string;
  label: LocalizedText;
  placeholder: Partial<LocalizedText>;
  type: 'text' | 'textarea' | 'select';
  required: boolean;
  max_length: number;
  /** Choices as text, one `value|zh|en|ja|ko` per line (empty labels fall back to zh). */
  options_text: string;
}

interface Values {
  key?: string;
  category_id: number | null;
  names: LocalizedText;
  descriptions: Partial<LocalizedText>;
  fields: FieldValues[];
  prompt: string;
  model: string | null;
  enabled: boolean;
  sort: number;
}

/** The contract types a stored template's fields as unknown; read the shape the admin saved, defensively. */
function toFieldValues(raw: unknown): FieldValues {
  const f = (raw ?? {}) as Partial<FieldInput>;
  const options = Array.isArray(f.options) ? f.options : [];
  return {
    name: f.name ?? '',
    label: { zh: '', en: '', ja: '', ko: '', ...(f.label ?? {}) },
    placeholder: f.placeholder ?? {},
    type: f.type ?? 'text',
    required: f.required ?? false,
    max_length: f.max_length ?? 2000,
    options_text: options.map((o) => [o.value, o.label?.zh ?? o.value, o.label?.en ?? '', o.label?.ja ?? '', o.label?.ko ?? ''].join('|').replace(/\|+$/, '')).join('\n'),
  };
}

function LocalizedInputs({ name, label, required, textarea }: { name: (string | number)[]; label: string; required?: boolean; textarea?: boolean }) {
  return (
    <Form.Item label={label} required={required}>
      {LOCALES.map((l) => (
        <Form.Item key={l} name={[...name, l]} rules={required && l === 'zh' ? [{ required: true }] : []} noStyle>
          {textarea ? <Input.TextArea placeholder={l} rows={2} style={{ marginBottom: 6 }} /> : <Input prefix={`${l}:`} style={{ marginBottom: 6 }} />}
        </Form.Item>
      ))}
    </Form.Item>
  );
}

/** Create or edit a writing template: names and descriptions per locale, its form fields and the prompt. */
export function TemplateModal({ template, categories, models, onClose }: { template: AdminTemplate | null; categories: { value: number; label: string }[]; models: { value: string; label: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial: Values = {
    key: template?.key,
    category_id: template?.category_id ?? null,
    names: { zh: '', en: '', ja: '', ko: '', ...(template?.names ?? {}) },
    descriptions: template?.descriptions ?? {},
    fields: template ? template.fields.map(toFieldValues) : [{ name: 'text', label: { zh: '内容', en: 'Text', ja: '', ko: '' }, placeholder: {}, type: 'textarea', required: true, max_length: 5000, options_text: '' }],
    prompt: template?.prompt ?? '',
    model: template?.model ?? null,
    enabled: template?.enabled ?? true,
    sort: template?.sort ?? 0,
  };

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveTemplate({
        id: template?.id,
        key: v.key?.trim() || undefined,
        category_id: v.category_id ?? null,
        names: v.names,
        descriptions: v.descriptions,
        prompt: v.prompt,
        model: v.model || null,
        enabled: v.enabled,
        sort: v.sort,
        fields: v.fields.map((f) => ({
          name: f.name,
          label: f.label,
          placeholder: f.placeholder,
          type: f.type,
          required: f.required,
          max_length: f.max_length,
          options:
            f.type === 'select'
              ? f.options_text
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean)
                  .map((line) => {
                    const [value = '', zh, en = '', ja = '', ko = ''] = line.split('|').map((part) => part.trim());
                    return { value, label: { zh: zh || value, en, ja, ko } };
                  })
              : [],
        })),
      });
      onClose();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={template ? t('aiadmin.edit_template') : t('aiadmin.add_template')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} width={820} destroyOnHidden okButtonProps={{ 'data-testid': 'template-save' } as Record<`data-${string}`, string>}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Space wrap size="large">
          <Form.Item name="key" label={t('aiadmin.template_key')} rules={[{ pattern: /^[a-z][a-z0-9_]{1,39}$/ }]}>
            <Input disabled={Boolean(template)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="category_id" label={t('aiadmin.category')}>
            <Select style={{ width: 200 }} allowClear placeholder={t('aiadmin.uncategorised')} options={categories} />
          </Form.Item>
          <Form.Item name="model" label={t('aiadmin.template_model')}>
            <Select style={{ width: 220 }} allowClear placeholder={t('aiadmin.model_auto')} options={models} />
          </Form.Item>
          <Form.Item name="sort" label={t('aiadmin.sort')}>
            <InputNumber min={0} max={10_000} />
          </Form.Item>
          <Form.Item name="enabled" label={t('aiadmin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <LocalizedInputs name={['names']} label={t('aiadmin.name')} required />
        <LocalizedInputs name={['descriptions']} label={t('aiadmin.descriptions')} textarea />
        <Form.Item label={t('aiadmin.fields')} required>
          <Form.List name="fields">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Card key={field.key} size="small" extra={<MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('common.delete')} />}>
                    <Space wrap align="start">
                      <Form.Item name={[field.name, 'name']} label={t('aiadmin.field_name')} rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,39}$/ }]}>
                        <Input style={{ width: 160 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'type']} label={t('aiadmin.field_type')}>
                        <Select style={{ width: 120 }} options={['text', 'textarea', 'select'].map((v) => ({ value: v, label: v }))} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'max_length']} label={t('aiadmin.field_max_length')}>
                        <InputNumber min={1} max={20_000} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'required']} label={t('aiadmin.field_required')} valuePropName="checked">
                        <Switch />
                      </Form.Item>
                    </Space>
                    <LocalizedInputs name={[field.name, 'label']} label={t('aiadmin.field_label')} required />
                    <LocalizedInputs name={[field.name, 'placeholder']} label={t('aiadmin.field_placeholder')} />
                    <Form.Item name={[field.name, 'options_text']} label={t('aiadmin.field_options')}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add(toFieldValues({ name: `field_${fields.length + 1}` }))}>
                  {t('aiadmin.add_field')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="prompt" label={t('aiadmin.prompt')} extra={t('aiadmin.prompt_hint', { field: '{{field}}', locale: '{{locale}}' })} rules={[{ required: true, max: 8000 }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
