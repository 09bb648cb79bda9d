import { Button, Form } from 'antd';
import type { PcConfig } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { storedAttribution } from '@/lib/attribution';
import { LOGIN_MODE, setLoginMode } from '@/stores/user-store';
import { register } from '../api/auth-api';
import { AgreementField } from './agreement-field';
import { CodeField, ConfirmField, EmailField, MobileField, PasswordField } from './fields';
import { useSubmit } from './use-submit';

interface Values {
  email?: string;
  mobile?: string;
  code: string;
  password: string;
  password_confirm: string;
}

/** Modes 3 (mobile) and 5 (email): registration sends the share_id, user_sn and channel captured at startup. */
export function RegisterForm({ channel, flags, onToken }: { channel: 'email' | 'mobile'; flags: PcConfig['login']; onToken: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { pending, run } = useSubmit(async (values: Values) => {
    const account = channel === 'email' ? { email: (values.email ?? '').trim() } : { mobile: (values.mobile ?? '').trim() };
    const { token } = await register({
      ...account,
      code: values.code.trim(),
      password: values.password,
      password_confirm: values.password_confirm,
      ...storedAttribution(),
    });
    await onToken(token);
  });
  const other = channel === 'email' ? flags.register_mobile : flags.register_email;

  return (
    <Form form={form} onFinish={(v) => void run(v)} requiredMark={false} data-testid={`register-form-${channel}`}>
      {channel === 'email' ? <EmailField /> : <MobileField />}
      <CodeField form={form} channel={channel} scene="register" />
      <PasswordField strict />
      <ConfirmField form={form} />
      {flags.agreement && <AgreementField />}
      <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
        {t('auth.register')}
      </Button>
      <div className="login-links">
        <button type="button" className="link-btn" onClick={() => setLoginMode(LOGIN_MODE.LOGIN)} data-testid="to-login">
          {t('auth.have_account')}
        </button>
        {other && (
          <button
            type="button"
            className="link-btn"
            onClick={() => setLoginMode(channel === 'email' ? LOGIN_MODE.REGISTER_MOBILE : LOGIN_MODE.REGISTER_EMAIL)}
            data-testid="to-register-other"
          >
            {channel === 'email' ? t('auth.register_by_mobile') : t('auth.register_by_email')}
          </button>
        )}
      </div>
    </Form>
  );
}
