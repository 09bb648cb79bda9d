import { Button, Form, Input, InputNumber, Select, Switch, Tabs } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LOCALES, POLICY_TYPES } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

const LANG_LABEL = { zh: '中文', en: 'English', ja: '日本語', ko: '한국어' } as const;

/** One tab per language for the localised fields of a section. */
function PerLocale({ render }: { render: (locale: (typeof LOCALES)[number]) => React.ReactNode }) {
  return <Tabs size="small" items={LOCALES.map((l) => ({ key: l, label: LANG_LABEL[l], children: render(l), forceRender: true }))} />;
}

function Toggle({ name, label }: { name: (string | number)[]; label: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" className="toggle-item">
      <Switch />
    </Form.Item>
  );
}

export function GeneralSection() {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-grid">
        <Form.Item name={['website', 'name']} label={t('admin.s.site_name')} rules={[{ max: 100 }]}>
          <Input data-testid="settings-site-name" />
        </Form.Item>
        <Form.Item name="domain" label={t('admin.s.domain')} extra={t('admin.s.domain_hint')} rules={[{ max: 200 }]}>
          <Input placeholder="https://example.com" />
        </Form.Item>
        <Form.Item name={['website', 'logo']} label={t('admin.s.logo')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        <Form.Item name={['website', 'favicon']} label={t('admin.s.favicon')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        <Form.Item name={['website', 'description']} label={t('admin.s.description')} rules={[{ max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name={['website', 'keywords']} label={t('admin.s.keywords')} rules={[{ max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name={['website', 'icp']} label={t('admin.s.icp')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="foreign_url" label={t('admin.s.foreign_url')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
      </div>
      <h3>{t('admin.s.flags')}</h3>
      <div className="toggle-grid">
        <Toggle name={['member_package_status']} label={t('admin.s.member_package')} />
        <Toggle name={['recharge_package_status']} label={t('admin.s.recharge_package')} />
        <Toggle name={['pay_sandbox_admins']} label={t('admin.s.pay_sandbox_admins')} />
        <Toggle name={['card_code', 'is_open']} label={t('admin.s.card_code')} />
        <Toggle name={['draw', 'is_open']} label={t('admin.s.draw')} />
        <Toggle name={['draw_square_config', 'is_open']} label={t('admin.s.draw_square')} />
        <Toggle name={['mindmap_config', 'is_open']} label={t('admin.s.mindmap')} />
        <Toggle name={['qrcode', 'is_open']} label={t('admin.s.qrcode')} />
        <Toggle name={['voice_broadcast']} label={t('admin.s.voice')} />
        <Toggle name={['is_fc']} label={t('admin.s.is_fc')} />
      </div>
      <div className="form-grid">
        <Form.Item name="openvip_layout" label={t('viptable.layout_label')} extra={t('viptable.layout_hint')}>
          <Select
            data-testid="settings-openvip-layout"
            options={[
              { value: 'cards', label: t('viptable.layout_cards') },
              { value: 'table', label: t('viptable.layout_table') },
            ]}
          />
        </Form.Item>
        <Form.Item name={['card_code', 'buy_link']} label={t('admin.s.card_buy_link')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        <Form.Item name={['qrcode', 'official_account']} label={t('admin.s.official_account')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        <Form.Item name={['qrcode', 'customer_service']} label={t('admin.s.customer_service')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        {(['chat_limit', 'draw_limit', 'qrcode_limit'] as const).map((key) => (
          <Form.Item key={key} name={key} label={t(`admin.s.${key}`)}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
        <Form.Item name={['mindmap_config', 'free_per_day']} label={t('admin.s.mindmap_free_per_day')}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name={['mindmap_config', 'price']} label={t('admin.s.mindmap_price')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {(['pages_per_day', 'pages_per_user_per_day'] as const).map((key) => (
          <Form.Item key={key} name={['doc_ocr', key]} label={t(`admin.s.ocr_${key}`)}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </div>
    </>
  );
}

export function LoginSection() {
  const { t } = useTranslation();
  const keys = ['email_password', 'email_code', 'mobile_password', 'mobile_code', 'register_email', 'register_mobile', 'agreement'] as const;
  return (
    <>
      <p className="muted">{t('admin.s.login_hint')}</p>
      <div className="toggle-grid">
        {keys.map((key) => (
          <Toggle key={key} name={['login', key]} label={t(`admin.s.login_${key}`)} />
        ))}
      </div>
      <h3>{t('admin.s.signup_gift')}</h3>
      <div className="form-grid">
        {(['conversation_count', 'word_count', 'drawing_count'] as const).map((key) => (
          <Form.Item key={key} name={['signup_gift', key]} label={t(`balance.${key}`)}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`settings-gift-${key}`} />
          </Form.Item>
        ))}
      </div>
    </>
  );
}

export function BulletinSection() {
  const { t } = useTranslation();
  return (
    <>
      <Toggle name={['bulletin', 'is_open']} label={t('admin.s.bulletin_open')} />
      <PerLocale
        render={(l) => (
          <>
            <Form.Item name={['bulletin', 'title', l]} label={t('admin.s.title')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name={['bulletin', 'content', l]} label={t('admin.s.content')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          </>
        )}
      />
      <h3>{t('admin.s.copyright')}</h3>
      <Form.List name="copyright">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="form-row">
                <Form.Item name={[field.name, 'name']} className="grow" rules={[{ max: 200 }]}>
                  <Input placeholder={t('admin.s.copyright_name')} />
                </Form.Item>
                <Form.Item name={[field.name, 'link']} className="grow" rules={[{ max: 512 }]}>
                  <Input placeholder={t('admin.s.copyright_link')} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', link: '' })} disabled={fields.length >= 20}>
              {t('common.add')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

export function ContentSection() {
  const { t } = useTranslation();
  return (
    <PerLocale
      render={(l) => (
        <>
          <Form.Item name={['intro', l]} label={t('admin.s.intro')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
          <Form.List name={['problem_examples', l]}>
            {(fields, { add, remove }) => (
              <div className="examples-editor">
                <h4>{t('admin.s.examples')}</h4>
                {fields.map((field) => (
                  <div key={field.key} className="form-row form-row--top">
                    <Form.Item name={[field.name, 'title']} className="grow" rules={[{ required: true, whitespace: true, message: t('admin.s.title') }]}>
                      <Input placeholder={t('admin.s.title')} maxLength={200} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'content']} className="grow-2">
                      <Input.TextArea placeholder={t('admin.s.content')} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ title: '', content: '' })} disabled={fields.length >= 50}>
                  {t('common.add')}
                </Button>
              </div>
            )}
          </Form.List>
        </>
      )}
    />
  );
}

export function PoliciesSection() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={POLICY_TYPES.map((type) => ({
        key: type,
        label: t(`policy.${type}`),
        forceRender: true,
        children: (
          <PerLocale
            render={(l) => (
              <>
                <Form.Item name={['policies', type, 'title', l]} label={t('admin.s.title')}>
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={['policies', type, 'content', l]} label={t('admin.s.policy_html')} extra={t('admin.s.policy_hint')}>
                  <Input.TextArea autoSize={{ minRows: 6, maxRows: 18 }} className="mono" />
                </Form.Item>
              </>
            )}
          />
        ),
      }))}
    />
  );
}
