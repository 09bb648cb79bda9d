import { Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { USER_ROLES, type UserRole } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** Admin → Users: an administrator sets a user's role; the server refuses to demote the last administrator (its message shows as a toast). */
export function RoleSelect({ userId, role }: { userId: number; role: UserRole }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  return (
    <Select<UserRole>
      size="small"
      value={role}
      loading={saving}
      disabled={saving}
      style={{ width: 120 }}
      aria-label={t('staff.set_role')}
      title={t('staff.role_hint')}
      data-testid={`admin-role-${userId}`}
      options={USER_ROLES.map((value) => ({ value, label: t(`staff.role_${value}`) }))}
      onChange={(next) => {
        setSaving(true);
        void request(api.adminSetUserRole, { user_id: userId, role: next })
          .then(() => client.invalidateQueries({ queryKey: ['admin'] }))
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    />
  );
}
