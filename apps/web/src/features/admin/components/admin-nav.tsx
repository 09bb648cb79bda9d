import {
  ApiOutlined,
  AppstoreOutlined,
  LinkOutlined,
  AuditOutlined,
  BulbOutlined,
  CarryOutOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  FileProtectOutlined,
  FormOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GiftOutlined,
  LoginOutlined,
  MailOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  PictureOutlined,
  QrcodeOutlined,
  ReadOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TagsOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { UserRole } from '@xueba/contract';
import { ConfigProvider, Menu, type MenuProps, type ThemeConfig } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate, useLocalePath } from '@/hooks/use-locale';
import { findSection, sectionPath, sectionsByGroup, type AdminSection, type AdminSectionKey } from '../lib/admin-sections';

const ICONS: Record<AdminSectionKey, typeof UserOutlined> = {
  users: UserOutlined,
  feedback: CommentOutlined,
  support: CustomerServiceOutlined,
  outbox: MailOutlined,
  settings: SettingOutlined,
  oauth: LoginOutlined,
  sms: MessageOutlined,
  content: ReadOutlined,
  models: ApiOutlined,
  templates: FileTextOutlined,
  draw: PictureOutlined,
  qrcode: QrcodeOutlined,
  square: AppstoreOutlined,
  webview: LinkOutlined,
  skills: BulbOutlined,
  papers: FileSearchOutlined,
  paperwrite: FormOutlined,
  plagiarism: FileProtectOutlined,
  packages: GiftOutlined,
  orders: ProfileOutlined,
  redeem: TagsOutlined,
  tasks: CarryOutOutlined,
  promotion: ShareAltOutlined,
  commissions: MoneyCollectOutlined,
  withdrawals: WalletOutlined,
  audit: AuditOutlined,
};

/**
 * Denser than antd's default (40 px items with margins), so all the items under
 * six headings fit a 1280x800 laptop screen without scrolling. Scoped to the menu only.
 */
const MENU_THEME: ThemeConfig = {
  components: { Menu: { itemHeight: 29, itemMarginBlock: 0, itemBg: 'transparent', activeBarBorderWidth: 0, groupTitleFontSize: 12 } },
};

interface AdminNavProps {
  active: AdminSection;
  /** The signed-in staff member's role: an operator's menu lists only their sections. */
  role: UserRole;
  /** Called after a section is chosen (the narrow-screen drawer closes). */
  onNavigate?: () => void;
}

/**
 * The console's menu: one heading per group, one link per panel. Items are real
 * links (`<a href>`), so an operator can open a panel in a new tab or copy its
 * address; a plain click stays in the app.
 */
export function AdminNav({ active, role, onNavigate }: AdminNavProps) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const localePath = useLocalePath();

  const items = useMemo<MenuProps['items']>(
    () =>
      sectionsByGroup(role).map(({ group, sections }) => ({
        type: 'group',
        key: `group-${group}`,
        label: t(`adminnav.groups.${group}`),
        children: sections.map((section) => {
          const Icon = ICONS[section.key];
          return {
            key: section.key,
            icon: <Icon aria-hidden />,
            label: (
              <a
                href={localePath(sectionPath(section.key))}
                data-testid={`admin-tab-${section.key}`}
                aria-current={section.key === active.key ? 'page' : undefined}
                // Fetch the panel's chunk while the pointer is on its way, so the click shows it at once.
                onMouseEnter={() => void section.load()}
                onFocus={() => void section.load()}
              >
                {t(section.label)}
              </a>
            ),
          };
        }),
      })),
    [t, localePath, active.key, role],
  );

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const section = findSection(key);
    // Modified clicks (new tab, new window) are the browser's to handle through the link.
    if (!section || domEvent.metaKey || domEvent.ctrlKey || domEvent.shiftKey || domEvent.altKey) return;
    domEvent.preventDefault();
    navigate(sectionPath(section.key));
    onNavigate?.();
  };

  return (
    <ConfigProvider theme={MENU_THEME}>
      <Menu className="admin-nav" mode="inline" items={items} selectedKeys={[active.key]} onClick={onClick} />
    </ConfigProvider>
  );
}
