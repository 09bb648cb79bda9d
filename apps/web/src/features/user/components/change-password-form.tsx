import { Button, Form, Input } from 'antd';
import { passwordSchema } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { zodRule, confirmRule } from '@/lib/form-rules';
import { changePassword } from '../api/profile';

interface Values {
  old_password?: string;
  password: string;
  password_confirm: string;
}

/**
 * Changing the password revokes every session (other devices sign out); the
 * server returns a fresh token so this tab stays signed in.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const { token } = await changePassword(values);
      await signIn(token);
      form.resetFields();
      toast.success(t('user.password_updated'));
    } catch {
      // Reported by the request layer (e.g. the current password is wrong).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="narrow-form" data-testid="change-password-form">
      {hasPassword && (
        <Form.Item name="old_password" label={t('user.old_password')} rules={[{ required: true, message: t('msg.password_required') }]}>
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="old-password" />
        </Form.Item>
      )}
      <Form.Item name="password" label={t('user.new_password')} rules={[zodRule(passwordSchema, t)]} extra={t('auth.password_rule_hint')}>
        <Input.Password autoComplete="new-password" maxLength={64} data-testid="new-password" />
      </Form.Item>
      <Form.Item name="password_confirm" label={t('auth.confirm_password')} dependencies={['password']} rules={[confirmRule(form, t)]}>
        <Input.Password autoComplete="new-password" maxLength={64} data-testid="new-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password-submit">
        {hasPassword ? t('user.change_password') : t('user.set_password')}
      </Button>
    </Form>
  );
}
