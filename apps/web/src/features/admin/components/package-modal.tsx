import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { MEMBERSHIP_KINDS, MEMBER_LEVELS, type AdminPackage, type PackageInput } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { savePackage } from '../api/commerce-admin-api';

const LOCALES = ['zh', 'en', 'ja', 'ko'] as const;
type Localized = Record<(typeof LOCALES)[number], string>;
const EMPTY: Localized = { zh: '', en: '', ja: '', ko: '' };

/** The form edits prices in yuan (what an operator thinks in); the contract carries cents. */
interface Values extends Omit<PackageInput, 'price' | 'original_price' | 'type'> {
  price_yuan: number;
  original_price_yuan: number;
}

const toCents = (yuan: number) => Math.round(yuan * 100);

/** One input per locale; with `required`, the Chinese text (the fallback of the others) must be filled. */
function LocalizedInputs({ name, label, textarea, required = false }: { name: string; label: string; textarea?: boolean; required?: boolean }) {
  return (
    <Form.Item label={label} required={required}>
      {LOCALES.map((l) => (
        <Form.Item key={l} name={[name, l]} rules={required && l === 'zh' ? [{ required: true, whitespace: true }] : []} noStyle>
          {textarea ? <Input.TextArea placeholder={l} rows={2} style={{ marginBottom: 6 }} maxLength={2000} /> : <Input prefix={`${l}:`} style={{ marginBottom: 6 }} maxLength={100} data-testid={`package-name-${l}`} />}
        </Form.Item>
      ))}
    </Form.Item>
  );
}

/** Create or edit a package of either kind: texts per locale, prices, grants, gifts, benefits, order and sale state. */
export function PackageModal({ type, pkg, onClose, onSaved }: { type: 'member' | 'recharge'; pkg: AdminPackage | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const member = (pkg?.type ?? type) === 'member';
  const initial: Values = {
    name: { ...EMPTY, ...(pkg?.name ?? {}) },
    description: { ...EMPTY, ...(pkg?.description ?? {}) },
    level: pkg?.level ?? (member ? 'vip' : null),
    kind: pkg?.kind ?? (member ? 'academic_ai' : null),
    months: pkg?.months ?? (member ? 1 : null),
    price_yuan: (pkg?.price ?? 990) / 100,
    original_price_yuan: (pkg?.original_price ?? 0) / 100,
    conversation_count: pkg?.conversation_count ?? 0,
    word_count: pkg?.word_count ?? 0,
    drawing_count: pkg?.drawing_count ?? 0,
    gift_conversation_count: pkg?.gift_conversation_count ?? 0,
    gift_word_count: pkg?.gift_word_count ?? 0,
    gift_drawing_count: pkg?.gift_drawing_count ?? 0,
    invoice: pkg?.invoice ?? false,
    benefits: pkg?.benefits ?? [],
    recommended: pkg?.recommended ?? false,
    sort: pkg?.sort ?? 0,
    enabled: pkg?.enabled ?? true,
  };

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const { price_yuan, original_price_yuan, ...rest } = v;
      await savePackage({
        id: pkg?.id,
        package: {
          ...rest,
          type: pkg?.type ?? type,
          level: member ? rest.level : null,
          kind: member ? rest.kind : null,
          months: member ? rest.months : null,
          price: toCents(price_yuan),
          original_price: toCents(original_price_yuan),
          benefits: rest.benefits ?? [],
        },
      });
      onSaved();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const count = (name: keyof Values, label: string) => (
    <Form.Item name={name} label={label}>
      <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: 150 }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={pkg ? t('commerceadmin.edit_package') : t('commerceadmin.new_package')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      width={820}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'package-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <LocalizedInputs name="name" label={t('commerceadmin.name')} required />
        <LocalizedInputs name="description" label={t('commerceadmin.description')} textarea />
        {member && (
          <Space wrap size="large">
            <Form.Item name="level" label={t('commerceadmin.level')}>
              <Select style={{ width: 120 }} options={MEMBER_LEVELS.map((l) => ({ value: l, label: l === 'bvip' ? 'B-VIP' : 'VIP' }))} />
            </Form.Item>
            <Form.Item name="kind" label={t('commerceadmin.kind')}>
              <Select style={{ width: 180 }} options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`members.kind.${k}`) }))} />
            </Form.Item>
            <Form.Item name="months" label={t('commerceadmin.months')} extra={t('commerceadmin.months_hint')}>
              <InputNumber min={0} max={120} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Space wrap size="large">
          <Form.Item name="price_yuan" label={t('commerceadmin.price_yuan')} rules={[{ required: true }, { type: 'number', min: 0.01, max: 1_000_000 }]}>
            <InputNumber min={0.01} max={1_000_000} precision={2} step={1} style={{ width: 150 }} data-testid="package-price" />
          </Form.Item>
          <Form.Item name="original_price_yuan" label={t('commerceadmin.original_price_yuan')}>
            <InputNumber min={0} max={1_000_000} precision={2} step={1} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="sort" label={t('commerceadmin.sort')}>
            <InputNumber min={-100_000} max={100_000} precision={0} />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          {count('word_count', t('commerceadmin.word_count'))}
          {count('conversation_count', t('commerceadmin.conversation_count'))}
          {count('drawing_count', t('commerceadmin.drawing_count'))}
        </Space>
        <Space wrap size="large">
          {count('gift_word_count', t('commerceadmin.gift_word_count'))}
          {count('gift_conversation_count', t('commerceadmin.gift_conversation_count'))}
          {count('gift_drawing_count', t('commerceadmin.gift_drawing_count'))}
        </Space>
        <Space wrap size="large">
          <Form.Item name="recommended" label={t('commerce.recommended')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="invoice" label={t('commerce.invoice')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('commerceadmin.on_sale')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item label={t('commerce.benefits')}>
          <Form.List name="benefits">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'type']} noStyle>
                      <Select style={{ width: 140 }} options={[0, 1, 2, 3, 4].map((n) => ({ value: n, label: t(`commerce.benefit_type_${n}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle rules={[{ required: true, max: 200 }]}>
                      <Input style={{ width: 360 }} placeholder={t('commerceadmin.benefit_value')} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('common.delete')} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ type: 0, value: '' })} disabled={fields.length >= 20}>
                  {t('commerceadmin.add_benefit')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
