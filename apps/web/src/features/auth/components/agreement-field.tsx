import { Checkbox, Form } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useLocalePath } from '@/hooks/use-locale';

/** Service and privacy agreement (shown when config `login.agreement`); the policies open in a new tab so the form keeps its input. */
export function AgreementField() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Form.Item
      name="agree"
      valuePropName="checked"
      className="agreement"
      rules={[{ validator: async (_r, value: unknown) => { if (value !== true) throw new Error(t('auth.agree_required')); } }]}
    >
      <Checkbox data-testid="login-agreement">
        <Trans
          i18nKey="auth.agree"
          components={{
            service: <a href={localePath('/policy/service')} target="_blank" rel="noopener noreferrer" />,
            privacy: <a href={localePath('/policy/privacy')} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </Checkbox>
    </Form.Item>
  );
}
