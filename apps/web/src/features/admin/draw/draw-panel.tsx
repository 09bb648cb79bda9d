import { Alert, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChannelsSection } from './channels-section';
import { drawChannelsQuery } from './draw-admin-api';
import { ModerationSection } from './moderation-section';
import { SettingsSection } from './settings-section';
import './draw-admin.css';

/** Admin → Drawing: channels per family, the drawing settings, and square moderation. */
export function DrawPanel() {
  const { t } = useTranslation();
  const query = useQuery(drawChannelsQuery);
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message || t('errors.server_error')} />;
  const { channels, settings } = query.data;
  return (
    <div className="admin-panel draw-admin" data-testid="draw-admin">
      <Tabs
        items={[
          { key: 'channels', label: t('drawadmin.tab_channels'), children: <ChannelsSection channels={channels} /> },
          // Keyed by the loaded settings so a save elsewhere (another tab) resets the form to what is stored.
          { key: 'settings', label: t('drawadmin.tab_settings'), children: <SettingsSection key={JSON.stringify(settings)} settings={settings} /> },
          { key: 'square', label: t('drawadmin.tab_square'), children: <ModerationSection /> },
        ]}
        destroyOnHidden={false}
      />
    </div>
  );
}
