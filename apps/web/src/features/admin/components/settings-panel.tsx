import { Alert, Button, Form, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQuery } from '@/lib/site-config';
import { toast } from '@/lib/notify';
import { adminKeys, saveSettings, settingsQuery } from '../api/admin-api';
import { BulletinSection, ContentSection, GeneralSection, LoginSection, PoliciesSection } from './settings-sections';

/** Antd forms hand back partial objects for untouched nested fields; merge over what was loaded. */
function deepMerge<T>(base: T, patch: unknown): T {
  if (Array.isArray(base) || Array.isArray(patch)) return (patch === undefined ? base : patch) as T;
  if (typeof base !== 'object' || base === null || typeof patch !== 'object' || patch === null) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) out[key] = deepMerge((base as Record<string, unknown>)[key], value);
  return out as T;
}

export function SettingsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery);
  const [form] = Form.useForm<SiteSettings>();
  const [saving, setSaving] = useState(false);

  if (settings.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (settings.isError) return <Alert type="error" title={t('admin.settings_failed')} showIcon />;

  const save = async () => {
    let values: SiteSettings;
    try {
      values = await form.validateFields();
    } catch {
      toast.error(t('admin.fix_errors'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSettings(deepMerge(settings.data, values));
      queryClient.setQueryData(adminKeys.settings, saved);
      // The public config is assembled from these settings: refresh it so the shell shows the change now.
      await queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
    } catch {
      // Reported by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={settings.data} requiredMark={false} className="settings-form" data-testid="settings-form">
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'general', label: t('admin.s.general'), children: <GeneralSection />, forceRender: true },
          { key: 'login', label: t('admin.s.login'), children: <LoginSection />, forceRender: true },
          { key: 'bulletin', label: t('admin.s.bulletin'), children: <BulletinSection />, forceRender: true },
          { key: 'content', label: t('admin.s.content_tab'), children: <ContentSection />, forceRender: true },
          { key: 'policies', label: t('admin.s.policies'), children: <PoliciesSection />, forceRender: true },
        ]}
      />
      <div className="sticky-actions">
        <Button type="primary" size="large" loading={saving} onClick={() => void save()} data-testid="settings-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
