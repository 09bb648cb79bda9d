import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { LOCALES, QR_AI_RECIPES, QR_EC_LEVELS, QR_EYE_STYLES, QR_GRADIENTS, QR_MARGIN_MAX, QR_PIXEL_STYLES, type AdminQrTemplate } from '@xueba/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { saveQrTemplate, uploadThumb } from './qrcode-admin-api';
import { toBody, toValues, type TemplateValues } from './template-values';

const COLOR = { pattern: /^#[0-9a-fA-F]{6}$/ };

function Thumb({ url, onUploaded }: { url: string | null; onUploaded: (uri: string, url: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const up = await uploadThumb(file);
      onUploaded(up.uri, up.url);
    } catch (e) {
      toast.error(isRequestError(e) && e.message ? e.message : t('qradmin.thumb_failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="qr-admin__thumb">
      {url && <img src={mediaUrl(url)} alt="" />}
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="qr-template-thumb">
        {t('qradmin.thumb_upload')}
      </Button>
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" hidden style={{ display: 'none' }} onChange={(e) => void choose(e.target.files?.[0])} data-testid="qr-template-thumb-input" />
    </div>
  );
}

/** Create or edit a style or prompt template: names in four languages, its config, thumbnail, order and switch. */
export function TemplateModal({ kind, template, onClose }: { kind: 'style' | 'prompt'; template: AdminQrTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thumb, setThumb] = useState<{ uri: string; url: string } | null>(null);
  const gradient = Form.useWatch('gradient', form);

  const save = async () => {
    setError(null);
    let v: TemplateValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveQrTemplate(toBody(kind, v, template?.id, thumb?.uri));
      toast.success(t('qradmin.saved'));
      onClose();
    } catch (e) {
      setError(isRequestError(e) && e.message ? e.message : t('errors.server_error'));
    } finally {
      setSaving(false);
    }
  };

  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}${v}`) }));
  return (
    <Modal
      open
      title={template ? t('qradmin.edit') : t('qradmin.add')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={680}
      okButtonProps={{ 'data-testid': 'qr-template-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={toValues(template)} data-testid="qr-template-form">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="qr-template-error" />}
        <div className="qr-admin__grid qr-admin__grid--4">
          {LOCALES.map((locale) => (
            <Form.Item
              key={locale}
              name={['names', locale]}
              label={t(`qradmin.name_${locale}`)}
              rules={locale === 'zh' ? [{ required: true, whitespace: true, max: 50, message: t('qradmin.name_required') }] : [{ max: 50 }]}
            >
              <Input maxLength={50} data-testid={`qr-template-name-${locale}`} />
            </Form.Item>
          ))}
        </div>
        {kind === 'style' ? (
          <div className="qr-admin__grid qr-admin__grid--3">
            <Form.Item name="style" label={t('qrcode.style_label')}>
              <Select options={QR_PIXEL_STYLES.map((v) => ({ value: v, label: t(`qrcode.style.${v}`) }))} data-testid="qr-template-style" />
            </Form.Item>
            <Form.Item name="eye" label={t('qrcode.eye_label')}>
              <Select options={options(QR_EYE_STYLES, 'qrcode.eye.')} />
            </Form.Item>
            <Form.Item name="ec_level" label={t('qrcode.ec_label')}>
              <Select allowClear placeholder={t('qradmin.ec_any')} options={QR_EC_LEVELS.map((v) => ({ value: v, label: t(`qrcode.ec.${v}`) }))} />
            </Form.Item>
            <Form.Item name="fg" label={t('qrcode.fg')} rules={[{ ...COLOR, required: true, message: t('msg.qrcode_color_invalid') }]}>
              <Input maxLength={7} data-testid="qr-template-fg" />
            </Form.Item>
            <Form.Item name="gradient" label={t('qrcode.gradient_label')}>
              <Select options={options(QR_GRADIENTS, 'qrcode.gradient.')} />
            </Form.Item>
            {gradient && gradient !== 'none' ? (
              <Form.Item name="fg2" label={t('qrcode.fg2')} rules={[{ ...COLOR, message: t('msg.qrcode_color_invalid') }]}>
                <Input maxLength={7} />
              </Form.Item>
            ) : (
              <span />
            )}
            <Form.Item name="bg" label={t('qrcode.bg')} rules={[{ ...COLOR, required: true, message: t('msg.qrcode_color_invalid') }]}>
              <Input maxLength={7} data-testid="qr-template-bg" />
            </Form.Item>
            <Form.Item name="margin" label={t('qradmin.margin')}>
              <InputNumber min={0} max={QR_MARGIN_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </div>
        ) : (
          <>
            <Form.Item name="prompt" label={t('qrcode.prompt_label')} rules={[{ required: true, whitespace: true, message: t('msg.draw_prompt_required') }]}>
              <Input.TextArea rows={3} data-testid="qr-template-prompt" />
            </Form.Item>
            <Form.Item name="negative_prompt" label={t('qrcode.negative_label')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <div className="qr-admin__grid qr-admin__grid--4">
              <Form.Item name="recipe" label={t('qrcode.recipe_label')}>
                <Select allowClear placeholder={t('qradmin.default_setting')} options={options(QR_AI_RECIPES, 'qrcode.recipe.')} />
              </Form.Item>
              <Form.Item name="weight" label={t('qradmin.weight')}>
                <InputNumber min={0.3} max={2} step={0.05} style={{ width: '100%' }} placeholder={t('qradmin.default_setting')} />
              </Form.Item>
              <Form.Item name="guidance_start" label={t('qradmin.guidance_start')}>
                <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} placeholder={t('qradmin.default_setting')} />
              </Form.Item>
              <Form.Item name="guidance_end" label={t('qradmin.guidance_end')}>
                <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} placeholder={t('qradmin.default_setting')} />
              </Form.Item>
            </div>
          </>
        )}
        <div className="qr-admin__grid qr-admin__grid--3">
          <Form.Item label={t('qradmin.thumb')}>
            <Thumb url={thumb?.url ?? template?.thumb_url ?? null} onUploaded={(uri, url) => setThumb({ uri, url })} />
          </Form.Item>
          <Form.Item name="sort" label={t('qradmin.sort')} extra={t('qradmin.sort_hint')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="qr-template-sort" />
          </Form.Item>
          <Form.Item name="enabled" label={t('qradmin.enabled')} valuePropName="checked">
            <Switch data-testid="qr-template-enabled" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
