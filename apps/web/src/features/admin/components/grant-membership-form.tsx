import { Button, Form, InputNumber, Select, Tag } from 'antd';
import { MEMBER_LEVELS, MEMBERSHIP_KINDS, type UserInfo } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { grantMembership } from '../api/admin-api';

type Kind = (typeof MEMBERSHIP_KINDS)[number];
type Level = (typeof MEMBER_LEVELS)[number];

interface Values {
  kind: Kind;
  level: Level;
  months: number;
}

/**
 * Grants or extends one membership kind (the commerce packages reuse the same
 * server call). Months 0 means permanent; a timed grant adds to an active
 * expiry, and the level only ever goes up — the server decides, the form only
 * says so.
 */
export function GrantMembershipForm({ userId, memberships, onDone }: { userId: number; memberships: UserInfo['memberships']; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await grantMembership({ user_id: userId, kind: values.kind, level: values.level, months: Math.trunc(values.months) });
      onDone();
    } catch {
      // Reported by the request layer (toast with the server's text).
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grant-membership">
      <ul className="grant-membership__current" data-testid="admin-memberships">
        {memberships.length === 0 && <li>{t('doc.admin.none')}</li>}
        {memberships.map((m) => (
          <li key={m.kind} data-testid={`admin-membership-${m.kind}`}>
            <Tag color={m.level === 'bvip' ? 'gold' : 'blue'}>{m.level === 'bvip' ? 'B-VIP' : 'VIP'}</Tag>
            {t(`members.kind.${m.kind}`)} · {m.expires_at ? t('members.until', { date: formatDate(m.expires_at, locale) }) : t('members.permanent')}
          </li>
        ))}
      </ul>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'research_report', level: 'vip', months: 1 }}
        onFinish={(v) => void submit(v)}
        data-testid="grant-membership-form"
      >
        <div className="form-row form-row--top">
          <Form.Item name="kind" label={t('doc.admin.kind')} className="grow">
            <Select options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`members.kind.${k}`) }))} data-testid="grant-kind" aria-label={t('doc.admin.kind')} />
          </Form.Item>
          <Form.Item name="level" label={t('doc.admin.level')} className="grow">
            <Select options={MEMBER_LEVELS.map((l) => ({ value: l, label: l === 'bvip' ? 'B-VIP' : 'VIP' }))} data-testid="grant-level" aria-label={t('doc.admin.level')} />
          </Form.Item>
          <Form.Item name="months" label={t('doc.admin.months')} className="grow" extra={t('doc.admin.months_hint')} rules={[{ required: true, message: t('doc.admin.months_required') }]}>
            <InputNumber<number> style={{ width: '100%' }} min={0} max={120} precision={0} data-testid="grant-months" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="grant-submit">
          {t('doc.admin.submit')}
        </Button>
      </Form>
    </div>
  );
}
