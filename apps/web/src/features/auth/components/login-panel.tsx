import { Button, Form, Input, Tabs } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { LOGIN_SCENES, emailSchema, mobileSchema, type PcConfig } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import type { FormRule } from 'antd';
import { LOGIN_MODE, setLoginMode } from '@/stores/user-store';
import { login } from '../api/auth-api';
import { AgreementField } from './agreement-field';
import { CodeField, EmailField, MobileField, PasswordField } from './fields';
import { OAuthButtons } from './oauth-buttons';
import { useSubmit } from './use-submit';

type LoginFlags = PcConfig['login'];
type TabKey = 'password' | 'email_code' | 'mobile_code';

interface Values {
  account?: string;
  email?: string;
  mobile?: string;
  password?: string;
  code?: string;
}

/** Which account the password tab accepts, from the config flags. */
function accountRule(flags: LoginFlags, message: string): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_r, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      const okEmail = flags.email_password && emailSchema.safeParse(v).success;
      const okMobile = flags.mobile_password && mobileSchema.safeParse(v).success;
      if (!okEmail && !okMobile) throw new Error(message);
    },
  };
}

function LoginForm({ tab, flags, onToken }: { tab: TabKey; flags: LoginFlags; onToken: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { pending, run } = useSubmit(async (values: Values) => {
    const body =
      tab === 'password'
        ? { scene: LOGIN_SCENES.PASSWORD, account: (values.account ?? '').trim(), password: values.password ?? '', terminal: 'pc' as const }
        : tab === 'email_code'
          ? { scene: LOGIN_SCENES.EMAIL_CODE, account: (values.email ?? '').trim(), code: (values.code ?? '').trim(), terminal: 'pc' as const }
          : { scene: LOGIN_SCENES.MOBILE_CODE, account: (values.mobile ?? '').trim(), code: (values.code ?? '').trim(), terminal: 'pc' as const };
    const { token } = await login(body);
    await onToken(token);
  });
  const accountLabel =
    flags.email_password && flags.mobile_password ? t('auth.account_placeholder') : flags.mobile_password ? t('auth.mobile_placeholder') : t('auth.email_placeholder');

  return (
    <Form form={form} onFinish={(v) => void run(v)} autoComplete="on" requiredMark={false} data-testid={`login-form-${tab}`}>
      {tab === 'password' && (
        <>
          <Form.Item name="account" rules={[accountRule(flags, flags.email_password ? t('msg.email_invalid') : t('msg.mobile_invalid'))]}>
            <Input prefix={<UserOutlined />} placeholder={accountLabel} autoComplete="username" maxLength={254} data-testid="login-account" aria-label={accountLabel} />
          </Form.Item>
          <PasswordField strict={false} />
        </>
      )}
      {tab === 'email_code' && (
        <>
          <EmailField />
          <CodeField form={form} channel="email" scene="login" />
        </>
      )}
      {tab === 'mobile_code' && (
        <>
          <MobileField />
          <CodeField form={form} channel="mobile" scene="login" />
        </>
      )}
      {flags.agreement && <AgreementField />}
      <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
    </Form>
  );
}

/** Mode 0: sign in with the methods the config enables. */
export function LoginPanel({ flags, onToken }: { flags: LoginFlags; onToken: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  const tabs: { key: TabKey; label: string }[] = [];
  if (flags.email_password || flags.mobile_password) tabs.push({ key: 'password', label: t('auth.tab_password') });
  if (flags.email_code) tabs.push({ key: 'email_code', label: t('auth.tab_email_code') });
  if (flags.mobile_code) tabs.push({ key: 'mobile_code', label: t('auth.tab_mobile_code') });
  const canRegister = flags.register_email || flags.register_mobile;
  const forgotMode = flags.email_password || flags.email_code ? LOGIN_MODE.FORGOT_EMAIL : LOGIN_MODE.FORGOT_MOBILE;

  return (
    <div className="login-panel">
      {tabs.length === 0 ? (
        <p className="muted">{t('msg.login_method_disabled')}</p>
      ) : (
        <Tabs
          destroyOnHidden
          items={tabs.map((tab) => ({
            key: tab.key,
            label: <span data-testid={`login-tab-${tab.key}`}>{tab.label}</span>,
            children: <LoginForm tab={tab.key} flags={flags} onToken={onToken} />,
          }))}
        />
      )}
      <div className="login-links">
        <button type="button" className="link-btn" onClick={() => setLoginMode(forgotMode)} data-testid="to-forgot">
          {t('auth.forgot')}
        </button>
        {canRegister && (
          <button
            type="button"
            className="link-btn"
            onClick={() => setLoginMode(flags.register_email ? LOGIN_MODE.REGISTER_EMAIL : LOGIN_MODE.REGISTER_MOBILE)}
            data-testid="to-register"
          >
            {t('auth.no_account')}
          </button>
        )}
      </div>
      <OAuthButtons google={flags.google} wechat={flags.wechat} />
    </div>
  );
}
