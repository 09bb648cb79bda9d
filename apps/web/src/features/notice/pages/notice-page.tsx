import '../notice-page.css';
import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSiteConfig } from '@/lib/site-config';
import { NoticeList } from '../components/notice-list';
import { NoticePreferences } from '../components/notice-preferences';

/** `/user/notice`: the notice centre: the site bulletin, the user's notices, and which kinds are mailed. */
export default function NoticePage() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'settings' ? 'settings' : 'list';
  const bulletin = config.bulletin_config;
  return (
    <div className="notice-page" data-testid="notice-page">
      <div className="notice-page__head">
        <h1>{t('notice.title')}</h1>
      </div>
      {bulletin.is_open && (bulletin.title || bulletin.content) && (
        <Alert className="notice-bulletin" type="info" showIcon title={bulletin.title || t('notice.bulletin')} description={bulletin.content || undefined} data-testid="notice-bulletin" />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'settings' ? { tab: 'settings' } : {}, { replace: true })}
        items={[
          { key: 'list', label: t('notice.tab_list'), children: <NoticeList /> },
          { key: 'settings', label: t('notice.tab_settings'), children: <NoticePreferences /> },
        ]}
      />
    </div>
  );
}
