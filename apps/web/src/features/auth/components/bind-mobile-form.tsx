import { Button, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUser, userKeys } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { closeLogin, useUserStore } from '@/stores/user-store';
import { bindMobile } from '../api/auth-api';
import { CodeField, MobileField } from './fields';
import { useSubmit } from './use-submit';

interface Values {
  mobile: string;
  code: string;
}

/** Mode 4: bind a mobile, or change it when one is already bound (scene change_mobile). */
export function BindMobileForm() {
  const { t } = useTranslation();
  const { user } = useUser();
  const tempToken = useUserStore((s) => s.tempToken);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const scene = user?.mobile ? 'change_mobile' : 'bind_mobile';
  const { pending, run } = useSubmit(async (values: Values) => {
    const updated = await bindMobile({ mobile: values.mobile.trim(), code: values.code.trim(), scene }, tempToken ?? undefined);
    queryClient.setQueryData(userKeys.info, updated);
    toast.success(t('msg.mobile_bound'));
    closeLogin();
  });
  return (
    <Form form={form} onFinish={(v) => void run(v)} requiredMark={false} data-testid="bind-mobile-form">
      {user?.mobile && <p className="muted">{t('auth.current_mobile', { mobile: user.mobile })}</p>}
      <MobileField />
      <CodeField form={form} channel="mobile" scene={scene} />
      <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
        {t('auth.bind_submit')}
      </Button>
    </Form>
  );
}
