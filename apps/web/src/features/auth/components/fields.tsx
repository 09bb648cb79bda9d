import { Form, Input, type FormInstance } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { codeSchema, emailSchema, mobileSchema, passwordSchema, type CodeScene } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { confirmRule, zodRule } from '@/lib/form-rules';
import { CodeButton } from './code-button';

export function EmailField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="email" rules={[zodRule(emailSchema, t)]}>
      <Input prefix={<MailOutlined />} placeholder={t('auth.email_placeholder')} autoComplete="email" inputMode="email" maxLength={254} data-testid="login-email" aria-label={t('auth.email')} />
    </Form.Item>
  );
}

export function MobileField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="mobile" rules={[zodRule(mobileSchema, t)]}>
      <Input prefix={<MobileOutlined />} placeholder={t('auth.mobile_placeholder')} autoComplete="tel" inputMode="tel" maxLength={16} data-testid="login-mobile" aria-label={t('auth.mobile')} />
    </Form.Item>
  );
}

/** Code input with its send button; the button validates the email/mobile field first. */
export function CodeField({ form, channel, scene }: { form: FormInstance; channel: 'email' | 'mobile'; scene: CodeScene }) {
  const { t } = useTranslation();
  const validate = async (): Promise<string | null> => {
    try {
      const values = (await form.validateFields([channel])) as Record<string, unknown>;
      const value = values[channel];
      return typeof value === 'string' ? value.trim() : null;
    } catch {
      return null;
    }
  };
  return (
    <Form.Item required>
      <div className="code-row">
        <Form.Item name="code" noStyle rules={[zodRule(codeSchema, t)]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('auth.code_placeholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-testid="login-code"
            aria-label={t('auth.code')}
          />
        </Form.Item>
        <CodeButton channel={channel} scene={scene} validate={validate} />
      </div>
    </Form.Item>
  );
}

/** New password (spec §5 rule) when `strict`; a plain required field for signing in with an existing one. */
export function PasswordField({ strict, name = 'password', placeholder }: { strict: boolean; name?: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} rules={strict ? [zodRule(passwordSchema, t)] : [{ required: true, message: t('msg.password_required') }]}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={placeholder ?? (strict ? t('auth.new_password_placeholder') : t('auth.password_placeholder'))}
        autoComplete={strict ? 'new-password' : 'current-password'}
        maxLength={64}
        data-testid={name === 'password' ? 'login-password' : `field-${name}`}
        aria-label={t('auth.password')}
      />
    </Form.Item>
  );
}

export function ConfirmField({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="password_confirm" dependencies={['password']} rules={[confirmRule(form, t)]}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('auth.confirm_placeholder')}
        autoComplete="new-password"
        maxLength={64}
        data-testid="login-password-confirm"
        aria-label={t('auth.confirm_password')}
      />
    </Form.Item>
  );
}
