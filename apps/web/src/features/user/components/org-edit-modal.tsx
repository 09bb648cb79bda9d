import { Button, Form, Input, Modal } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { userKeys, useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { LOGIN_MODE, openLogin, userStore, useUserStore } from '@/stores/user-store';
import { logOrgDismissed, orgInfoQuery, saveOrg } from '../api/org';

interface Values {
  name: string;
  department: string;
  position: string;
}

/**
 * Organisation edit modal of spec §4: state 1 opens by itself after the user
 * loads (the server asked via show_edit), state 2 on request. Closing
 * without saving records a dismissal so it does not nag on every page.
 */
export default function OrgEditModal() {
  const { t } = useTranslation();
  const state = useUserStore((s) => s.orgEditState);
  const { user, signedIn } = useUser();
  const org = useQuery({ ...orgInfoQuery, enabled: Boolean(user) });
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // Manual opening needs a signed-in user (spec §4 "please log in first").
    if (state === 2 && !signedIn) {
      userStore.set({ orgEditState: 0 });
      toast.warning(t('msg.please_login_first'));
      openLogin(LOGIN_MODE.LOGIN);
    }
  }, [state, signedIn, t]);

  const close = () => {
    if (state === 1) void logOrgDismissed();
    userStore.set({ orgEditState: 0 });
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await saveOrg(values);
      queryClient.setQueryData(userKeys.org, saved);
      userStore.set({ orgEditState: 0 });
    } catch {
      // Reported by the request layer; keep the form open for a correction.
    } finally {
      setSaving(false);
    }
  };

  const open = state !== 0 && signedIn;
  return (
    <Modal open={open} onCancel={close} footer={null} title={t('org.title')} width={460} centered destroyOnHidden>
      <p className="muted">{t('org.hint')}</p>
      {org.data && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: org.data.name, department: org.data.department, position: org.data.position }}
          onFinish={(v) => void submit(v)}
          data-testid="org-form"
        >
          <Form.Item name="name" label={t('org.name')} rules={[{ required: true, whitespace: true, message: t('org.name_required') }, { max: 100 }]}>
            <Input maxLength={100} data-testid="org-name" />
          </Form.Item>
          <Form.Item name="department" label={t('org.department')} rules={[{ max: 100 }]}>
            <Input maxLength={100} data-testid="org-department" />
          </Form.Item>
          <Form.Item name="position" label={t('org.position')} rules={[{ max: 50 }]}>
            <Input maxLength={50} data-testid="org-position" />
          </Form.Item>
          <div className="modal-actions">
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="org-submit">
              {t('common.save')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
