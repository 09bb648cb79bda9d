import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { LOGIN_MODE, setLoginMode } from '@/stores/user-store';
import { resetEmailPassword, resetPassword } from '../api/auth-api';
import { CodeField, ConfirmField, EmailField, MobileField, PasswordField } from './fields';
import { useSubmit } from './use-submit';

interface Values {
  email?: string;
  mobile?: string;
  code: string;
  password: string;
  password_confirm: string;
}

/** Modes 1 (by mobile) and 2/6 (by email): a code from scene find_password sets a new password. */
export function ResetForm({ channel, allowOther }: { channel: 'email' | 'mobile'; allowOther: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { pending, run } = useSubmit(async (values: Values) => {
    const common = { code: values.code.trim(), password: values.password, password_confirm: values.password_confirm };
    if (channel === 'email') await resetEmailPassword({ email: (values.email ?? '').trim(), ...common });
    else await resetPassword({ mobile: (values.mobile ?? '').trim(), ...common });
    toast.success(t('msg.password_reset'));
    setLoginMode(LOGIN_MODE.LOGIN);
  });

  return (
    <Form form={form} onFinish={(v) => void run(v)} requiredMark={false} data-testid={`reset-form-${channel}`}>
      {channel === 'email' ? <EmailField /> : <MobileField />}
      <CodeField form={form} channel={channel} scene="find_password" />
      <PasswordField strict />
      <ConfirmField form={form} />
      <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
        {t('auth.reset_submit')}
      </Button>
      <div className="login-links">
        <button type="button" className="link-btn" onClick={() => setLoginMode(LOGIN_MODE.LOGIN)} data-testid="to-login">
          {t('auth.back_to_login')}
        </button>
        {allowOther && (
          <button
            type="button"
            className="link-btn"
            onClick={() => setLoginMode(channel === 'email' ? LOGIN_MODE.FORGOT_MOBILE : LOGIN_MODE.FORGOT_EMAIL)}
            data-testid="to-forgot-other"
          >
            {channel === 'email' ? t('auth.forgot_by_mobile') : t('auth.forgot_by_email')}
          </button>
        )}
      </div>
    </Form>
  );
}
