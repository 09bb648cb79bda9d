import { Avatar, Dropdown, type MenuProps } from 'antd';
import { BankOutlined, LogoutOutlined, ProfileOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { roleMeets, type UserInfo } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { signOut } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { userStore } from '@/stores/user-store';

export default function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="menu-profile">{t('nav.profile')}</span> },
    { key: 'org', icon: <BankOutlined />, label: <span data-testid="menu-org">{t('org.menu')}</span> },
    { key: 'orders', icon: <ProfileOutlined />, label: <span data-testid="menu-orders">{t('commerce.nav_orders')}</span> },
    ...(roleMeets(user.role, 'operator') ? [{ key: 'admin', icon: <SettingOutlined />, label: <span data-testid="menu-admin">{t('nav.admin')}</span> }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('auth.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/user/info');
    else if (key === 'orders') navigate('/user/orders');
    else if (key === 'admin') navigate('/admin');
    else if (key === 'org') userStore.set({ orgEditState: 2 });
    else if (key === 'logout') {
      void signOut().then(() => {
        toast.success(t('msg.logout_success'));
        navigate('/');
      });
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="user-chip" data-testid="user-menu" aria-label={t('shell.user_menu')}>
        <Avatar size={32} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="user-chip__name">{user.nickname}</span>
      </button>
    </Dropdown>
  );
}
