import { Alert, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth';
import { qrAdminQuery } from './qrcode-admin-api';
import { QrSettingsSection } from './settings-section';
import { TemplatesSection } from './templates-section';

/** Admin → QR codes: style templates, prompt templates and the AI art code settings. */
export function QrcodePanel() {
  const { t } = useTranslation();
  const query = useQuery(qrAdminQuery);
  const isAdmin = useUser().user?.role === 'admin';
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message || t('errors.server_error')} />;
  const { templates, settings } = query.data;
  return (
    <div className="admin-panel qr-admin" data-testid="qr-admin">
      <Tabs
        items={[
          { key: 'style', label: t('qradmin.tab_style'), children: <TemplatesSection kind="style" templates={templates.filter((x) => x.kind === 'style')} /> },
          { key: 'prompt', label: t('qradmin.tab_prompt'), children: <TemplatesSection kind="prompt" templates={templates.filter((x) => x.kind === 'prompt')} /> },
          // Keyed by the loaded settings so a save elsewhere resets the form to what is stored. Settings are the administrator's.
          ...(isAdmin ? [{ key: 'settings', label: t('qradmin.tab_settings'), children: <QrSettingsSection key={JSON.stringify(settings)} settings={settings} /> }] : []),
        ]}
        destroyOnHidden={false}
      />
    </div>
  );
}
