import './tab-bar.css';
import { AppstoreOutlined, BellOutlined, HomeOutlined, MessageOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { stripLocale } from '@/lib/locale-path';
import { sameSitePath } from '@xueba/contract';
import { useSiteConfig } from '@/lib/site-config';

const ICONS = { home: HomeOutlined, chat: MessageOutlined, draw: PictureOutlined, notice: BellOutlined, user: UserOutlined } as const;
const NAMED = new Set(['home', 'chat', 'notice', 'user']);

/**
 * The phone tab bar of the configuration (`tabbar`: name, path, icon), used in
 * an embedded app in place of the menu drawer. A known name is translated; any
 * other shows as written. Paths must stay on this site.
 */
export default function TabBar() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const here = stripLocale(useLocation().pathname);
  const items = config.tabbar.flatMap((item) => {
    const path = sameSitePath(item.path);
    return path ? [{ ...item, path }] : [];
  });
  if (items.length === 0) return null;
  return (
    <nav className="tab-bar" aria-label={t('tabbar.label')} data-testid="tab-bar">
      {items.map((item) => {
        const Icon = ICONS[item.icon as keyof typeof ICONS] ?? AppstoreOutlined;
        const active = item.path === '/' ? here === '/' : here.startsWith(item.path.split('?')[0] ?? item.path);
        return (
          <LocaleLink key={item.path} to={item.path} className={`tab-bar__item${active ? ' tab-bar__item--active' : ''}`} aria-current={active ? 'page' : undefined} data-testid={`tab-${item.name}`}>
            <Icon aria-hidden="true" />
            <span>{NAMED.has(item.name) ? t(`tabbar.${item.name as 'home' | 'chat' | 'notice' | 'user'}`) : item.name}</span>
          </LocaleLink>
        );
      })}
    </nav>
  );
}
