import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch, Tabs } from 'antd';
import { LOCALES, SKILL_CATEGORIES, SKILL_DESCRIPTION_MAX, SKILL_NAME_MAX, SKILL_PROMPT_MAX, SKILL_STARTERS_MAX, SKILL_STARTER_MAX, type AdminSkill, type Locale, type SkillCategory } from '@xueba/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkillIcon } from '@/features/skill/components/skill-icon';
import { useChatModels } from '@/lib/ai-models';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { saveSkill, uploadIcon } from './skill-admin-api';

type Text = Record<Locale, string>;
interface Values {
  names: Text;
  descriptions: Text;
  prompts: Text;
  starters: Text[];
  category: SkillCategory;
  icon_emoji: string;
  model: string | null;
  enabled: boolean;
  sort: number;
}

const blank = (): Text => ({ zh: '', en: '', ja: '', ko: '' });

function initial(skill: AdminSkill | null): Values {
  if (!skill) return { names: blank(), descriptions: blank(), prompts: blank(), starters: [], category: 'writing', icon_emoji: '💡', model: null, enabled: true, sort: 0 };
  return { names: skill.names, descriptions: skill.descriptions, prompts: skill.prompts, starters: skill.starters, category: skill.category, icon_emoji: skill.icon_emoji, model: skill.model, enabled: skill.enabled, sort: skill.sort };
}

/** The field a refusal names (`data.field`, dotted), as the form's path. */
function fieldPath(data: unknown): (string | number)[] | null {
  const field = data && typeof data === 'object' && 'field' in data ? (data as { field: unknown }).field : null;
  return typeof field === 'string' && field !== 'body' ? field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : null;
}

/** Create or edit a skill: its texts in four languages (Chinese required), icon, category, preferred model, starters, order and switch. */
export function SkillModal({ skill, onClose }: { skill: AdminSkill | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const models = useChatModels();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [icon, setIcon] = useState<{ uri: string | null; url: string | null }>({ uri: null, url: skill?.icon_url ?? null });
  const [iconChanged, setIconChanged] = useState(false);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const emoji = Form.useWatch('icon_emoji', form) ?? skill?.icon_emoji ?? '💡';

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    try {
      const up = await uploadIcon(picked);
      setIcon({ uri: up.uri, url: up.url });
      setIconChanged(true);
    } catch (e) {
      toast.error(isRequestError(e) && e.message ? e.message : t('skilladmin.icon_failed'));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const save = async () => {
    setError(null);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveSkill({ ...v, starters: v.starters ?? [], model: v.model || null, ...(skill ? { id: skill.id } : {}), ...(iconChanged ? { icon: icon.uri } : {}) });
      toast.success(t('skilladmin.saved'));
      onClose();
    } catch (e) {
      const message = isRequestError(e) && e.message ? e.message : t('errors.server_error');
      const path = isRequestError(e) ? fieldPath(e.data) : null;
      // The server names the field as a path; antd types paths by the form's shape, which a runtime path cannot be.
      if (path) form.setFields([{ name: path as unknown as 'names', errors: [message] }]);
      else setError(message);
    } finally {
      setSaving(false);
    }
  };

  const textTab = (locale: Locale) => {
    const required = locale === 'zh';
    return (
      <>
        <Form.Item name={['names', locale]} label={t('skilladmin.name')} rules={[{ required, whitespace: true, message: t('msg.skill_text_required') }, { max: SKILL_NAME_MAX, message: t('msg.skill_name_too_long') }]}>
          <Input data-testid={`skill-admin-name-input-${locale}`} />
        </Form.Item>
        <Form.Item name={['descriptions', locale]} label={t('skilladmin.description')} rules={[{ required, whitespace: true, message: t('msg.skill_text_required') }, { max: SKILL_DESCRIPTION_MAX, message: t('msg.skill_description_too_long') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid={`skill-admin-description-${locale}`} />
        </Form.Item>
        <Form.Item name={['prompts', locale]} label={t('skilladmin.prompt')} extra={t('skilladmin.prompt_hint')} rules={[{ required, whitespace: true, message: t('msg.skill_text_required') }, { max: SKILL_PROMPT_MAX, message: t('msg.skill_prompt_too_long') }]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} data-testid={`skill-admin-prompt-${locale}`} />
        </Form.Item>
      </>
    );
  };

  return (
    <Modal
      open
      title={skill ? t('skilladmin.edit') : t('skilladmin.add')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={760}
      okButtonProps={{ 'data-testid': 'skill-admin-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initial(skill)} data-testid="skill-admin-form">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="skill-admin-error" />}
        <Tabs size="small" items={LOCALES.map((l) => ({ key: l, label: t(`skilladmin.lang.${l}`), children: textTab(l), forceRender: true }))} />
        <p className="skill-admin__label">{t('skilladmin.starters', { max: SKILL_STARTERS_MAX })}</p>
        <Form.List name="starters">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                  {LOCALES.map((l) => (
                    <Form.Item
                      key={l}
                      name={[field.name, l]}
                      style={{ flex: 1 }}
                      rules={[{ required: l === 'zh', whitespace: true, message: t('msg.skill_text_required') }, { max: SKILL_STARTER_MAX, message: t('msg.skill_starter_too_long') }]}
                    >
                      <Input placeholder={t(`skilladmin.lang.${l}`)} data-testid={`skill-admin-starter-${index}-${l}`} />
                    </Form.Item>
                  ))}
                  <Button type="text" icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t('skilladmin.starter_remove')} />
                </div>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} disabled={fields.length >= SKILL_STARTERS_MAX} onClick={() => add(blank())} data-testid="skill-admin-starter-add">
                  {t('skilladmin.starter_add')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <div className="form-grid">
          <Form.Item name="icon_emoji" label={t('skilladmin.icon_emoji')} extra={t('skilladmin.icon_hint')} rules={[{ required: true, whitespace: true, max: 16, message: t('msg.skill_icon_required') }]}>
            <Input maxLength={16} data-testid="skill-admin-emoji" />
          </Form.Item>
          <Form.Item label={t('skilladmin.icon_upload')}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <SkillIcon emoji={emoji} url={icon.url} />
              <Button icon={<UploadOutlined />} loading={uploading} onClick={() => file.current?.click()} data-testid="skill-admin-icon">
                {t('skilladmin.icon_upload')}
              </Button>
              {icon.url && (
                <Button
                  onClick={() => {
                    setIcon({ uri: null, url: null });
                    setIconChanged(true);
                  }}
                >
                  {t('skilladmin.icon_remove')}
                </Button>
              )}
              <input ref={file} type="file" accept="image/png,image/jpeg,image/webp" hidden style={{ display: 'none' }} onChange={(e) => void choose(e.target.files?.[0])} />
            </div>
          </Form.Item>
          <Form.Item name="category" label={t('skilladmin.category')}>
            <Select options={SKILL_CATEGORIES.map((c) => ({ value: c, label: t(`skill.category.${c}`) }))} data-testid="skill-admin-category" />
          </Form.Item>
          <Form.Item name="model" label={t('skilladmin.model')} extra={t('skilladmin.model_hint')}>
            <Select allowClear placeholder={t('skilladmin.default_model')} options={(models.data?.lists ?? []).map((m) => ({ value: m.key, label: m.name }))} />
          </Form.Item>
          <Form.Item name="sort" label={t('skilladmin.sort')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('skilladmin.enabled')} valuePropName="checked">
            <Switch data-testid="skill-admin-enabled" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
