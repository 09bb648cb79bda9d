import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { LOCALES, type DrawSettings } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';
import { toast } from '@/lib/notify';
import { saveDrawSettings } from './draw-admin-api';
import { fieldOfError } from './field-errors';
import { formatWordList, parseKeywords, parseWordList, WORD_MAX, WORDS_MAX } from './word-list';

interface StyleValues {
  key: string;
  names: Record<(typeof LOCALES)[number], string>;
  keywords: string;
}
interface Values {
  per_user_queued: number;
  per_user_running: number;
  sensitive_words: string;
  square_review: boolean;
  styles: StyleValues[];
}

const FIELDS = ['per_user_queued', 'per_user_running', 'sensitive_words', 'square_review', 'styles'] as const;

const toValues = (s: DrawSettings): Values => ({
  per_user_queued: s.per_user_queued,
  per_user_running: s.per_user_running,
  sensitive_words: formatWordList(s.sensitive_words),
  square_review: s.square_review,
  styles: s.styles.map((style) => ({ key: style.key, names: { ...style.names }, keywords: style.keywords.join('\n') })),
});

/** Per-user limits, the sensitive-word list, square review and the keyword styles. */
export function SettingsSection({ settings }: { settings: DrawSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const wordsText = Form.useWatch('sensitive_words', form) ?? formatWordList(settings.sensitive_words);
  const parsed = parseWordList(wordsText);

  const save = async () => {
    setFormError(null);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const words = parseWordList(v.sensitive_words);
    setSaving(true);
    try {
      const saved = await saveDrawSettings({
        per_user_queued: v.per_user_queued,
        per_user_running: v.per_user_running,
        sensitive_words: words.words,
        square_review: v.square_review,
        styles: v.styles.map((s) => ({ key: s.key.trim(), names: s.names, keywords: parseKeywords(s.keywords) })),
      });
      form.setFieldsValue(toValues(saved));
      toast.success(t('drawadmin.settings_saved'));
    } catch (error) {
      const message = isRequestError(error) ? error.message : t('errors.server_error');
      const field = fieldOfError(error, FIELDS);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={toValues(settings)} className="draw-settings" data-testid="draw-settings-form">
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <div className="draw-form__grid draw-form__grid--3">
        <Form.Item name="per_user_queued" label={t('drawadmin.per_user_queued')} extra={t('drawadmin.per_user_queued_hint')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} data-testid="draw-per-user-queued" />
        </Form.Item>
        <Form.Item name="per_user_running" label={t('drawadmin.per_user_running')} extra={t('drawadmin.per_user_running_hint')} rules={[{ required: true }]}>
          <InputNumber min={1} max={16} precision={0} style={{ width: '100%' }} data-testid="draw-per-user-running" />
        </Form.Item>
        <Form.Item name="square_review" label={t('drawadmin.square_review')} extra={t('drawadmin.square_review_hint')} valuePropName="checked">
          <Switch data-testid="draw-square-review" />
        </Form.Item>
      </div>
      <Form.Item
        name="sensitive_words"
        label={t('drawadmin.sensitive_words')}
        extra={
          <span data-testid="draw-words-summary">
            {t('drawadmin.sensitive_words_hint', { count: parsed.words.length })}
            {parsed.tooLong.length > 0 && (
              <Typography.Text type="danger">{` ${t('drawadmin.words_too_long', { max: WORD_MAX, words: parsed.tooLong.slice(0, 3).join('、') })}`}</Typography.Text>
            )}
          </span>
        }
        rules={[
          {
            validator: async (_rule, text: string | undefined) => {
              const result = parseWordList(text ?? '');
              if (result.tooLong.length > 0) throw new Error(t('drawadmin.words_too_long', { max: WORD_MAX, words: result.tooLong.slice(0, 3).join('、') }));
              if (result.tooMany) throw new Error(t('drawadmin.words_too_many', { max: WORDS_MAX }));
            },
          },
        ]}
      >
        <Input.TextArea rows={6} placeholder={t('drawadmin.sensitive_words_placeholder')} data-testid="draw-sensitive-words" />
      </Form.Item>
      <Typography.Title level={5}>{t('drawadmin.styles')}</Typography.Title>
      <p className="muted">{t('drawadmin.styles_hint')}</p>
      <Form.List name="styles">
        {(fields, { add, remove }) => (
          <div className="draw-styles">
            {fields.map((field) => (
              <Card
                key={field.key}
                size="small"
                className="draw-style"
                title={
                  <Form.Item name={[field.name, 'key']} noStyle rules={[{ required: true, pattern: /^[a-z0-9_-]{1,64}$/, message: t('drawadmin.style_key_invalid') }]}>
                    <Input size="small" addonBefore={t('drawadmin.style_key')} style={{ maxWidth: 280 }} data-testid={`draw-style-key-${field.name}`} />
                  </Form.Item>
                }
                extra={<Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('common.delete')} />}
              >
                <div className="draw-form__grid draw-form__grid--4">
                  {LOCALES.map((locale) => (
                    <Form.Item
                      key={locale}
                      name={[field.name, 'names', locale]}
                      label={t(`drawadmin.style_name_${locale}`)}
                      rules={locale === 'zh' ? [{ required: true, whitespace: true, max: 50, message: t('drawadmin.style_name_required') }] : [{ max: 50 }]}
                    >
                      <Input maxLength={50} />
                    </Form.Item>
                  ))}
                </div>
                <Form.Item name={[field.name, 'keywords']} label={t('drawadmin.style_keywords')} extra={t('drawadmin.style_keywords_hint')}>
                  <Input.TextArea rows={2} />
                </Form.Item>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ key: '', names: { zh: '', en: '', ja: '', ko: '' }, keywords: '' })} data-testid="draw-style-add">
              {t('drawadmin.style_add')}
            </Button>
          </div>
        )}
      </Form.List>
      <div className="sticky-actions">
        <Button type="primary" size="large" loading={saving} onClick={() => void save()} data-testid="draw-settings-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
