import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  AppstoreOutlined,
  BulbOutlined,
  CarryOutOutlined,
  CrownOutlined,
  EditOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  MessageOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  MoonOutlined,
  ReadOutlined,
  RocketOutlined,
  SettingOutlined,
  ShareAltOutlined,
  StarOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Balances } from '@/components/balances';
import { LocaleLink } from '@/components/locale-link';
import { useLocalePath } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { useStore } from '@/lib/create-store';
import { stripLocale } from '@/lib/locale-path';
import { prefetchWhenIdle } from '@/lib/prefetch';
import { useSiteConfig } from '@/lib/site-config';
import { setThemeMode, themeStore } from '@/lib/theme-store';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { menuItems, type MenuItem } from './menu';

const ICONS: Record<MenuItem['icon'], typeof HomeOutlined> = {
  home: HomeOutlined,
  introduce: ReadOutlined,
  members: CrownOutlined,
  profile: UserOutlined,
  language: GlobalOutlined,
  admin: SettingOutlined,
  paper: FileSearchOutlined,
  chat: MessageOutlined,
  create: EditOutlined,
  collection: StarOutlined,
  doc: FileTextOutlined,
  write: FormOutlined,
  vip: RocketOutlined,
  tasks: CarryOutOutlined,
  promotion: ShareAltOutlined,
  app: AppstoreOutlined,
  skill: BulbOutlined,
  news: NotificationOutlined,
  help: QuestionCircleOutlined,
};

function isActive(current: string, path: string): boolean {
  return path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`);
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, signedIn } = useUser();
  const { config, failed, refetch } = useSiteConfig();
  const mode = useStore(themeStore, (s) => s.mode);
  const current = stripLocale(useLocation().pathname);
  const localePath = useLocalePath();
  const items = menuItems(user);
  const siteName = config.website.name || t('app.name');

  const prefetchKey = items.map((i) => i.path).join('|');
  useEffect(() => prefetchWhenIdle(prefetchKey.split('|').map((p) => localePath(p))), [prefetchKey, localePath]);

  return (
    <aside className="sidebar" aria-label={t('shell.sidebar')}>
      <LocaleLink to="/" className="sidebar__brand" onClick={onNavigate}>
        {config.website.logo ? <img src={config.website.logo} alt="" width={32} height={32} /> : <span className="brand-mark" aria-hidden="true" />}
        <span className="sidebar__brand-text">
          <strong>{siteName}</strong>
          <small>{t('app.tagline')}</small>
        </span>
      </LocaleLink>

      <nav className="sidebar__nav">
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const active = isActive(current, item.path);
          return (
            <LocaleLink
              key={item.path}
              to={item.path}
              className={`sidebar__link${active ? ' is-active' : ''}`}
              aria-current={active ? 'page' : undefined}
              data-testid={item.testId}
              onClick={onNavigate}
            >
              <Icon aria-hidden="true" />
              <span>{t(item.label)}</span>
            </LocaleLink>
          );
        })}
      </nav>

      <section className="sidebar__wallet" aria-label={t('balance.title')}>
        {user ? (
          <>
            <div className="sidebar__wallet-head">
              <span>{t('balance.title')}</span>
              {user.is_member === 1 && <span className="tag tag--gold">{user.member_level === 'bvip' ? 'B-VIP' : 'VIP'}</span>}
            </div>
            <Balances balance={user.balance} variant="compact" />
          </>
        ) : (
          <div className="sidebar__guest">
            <p>{signedIn ? t('common.loading') : t('shell.guest_hint')}</p>
            {!signedIn && (
              <button type="button" className="btn btn--primary btn--block" onClick={() => openLogin(LOGIN_MODE.LOGIN)} data-testid="sidebar-login">
                {t('auth.login')}
              </button>
            )}
          </div>
        )}
      </section>

      <div className="sidebar__foot">
        <button
          type="button"
          className="theme-toggle"
          onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
          aria-pressed={mode === 'dark'}
          data-testid="theme-toggle"
        >
          {mode === 'dark' ? <SunOutlined aria-hidden="true" /> : <MoonOutlined aria-hidden="true" />}
          <span>{mode === 'dark' ? t('shell.theme_light') : t('shell.theme_dark')}</span>
        </button>
        <div className="sidebar__server" data-testid="server-version">
          <span>{config.server.name || siteName}</span>
          <span>v{config.server.version}</span>
        </div>
        {failed && (
          <button type="button" className="sidebar__offline" onClick={refetch} data-testid="config-failed">
            {t('shell.config_failed')}
          </button>
        )}
      </div>
    </aside>
  );
}
