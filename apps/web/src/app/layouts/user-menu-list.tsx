import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { BankOutlined, LogoutOutlined, ProfileOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { roleMeets, type UserInfo } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

export type UserMenuKey = 'profile' | 'org' | 'orders' | 'admin' | 'logout';

interface Item {
  key: UserMenuKey;
  icon: ReactNode;
  label: string;
  testId: string;
}

/** The open user menu (its own chunk: the closed button is all a page loads). Focus starts on the first entry. */
export default function UserMenuList({ user, onChoose, onClose }: { user: UserInfo; onChoose: (key: UserMenuKey) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const items: Item[] = [
    { key: 'profile', icon: <UserOutlined />, label: t('nav.profile'), testId: 'menu-profile' },
    { key: 'org', icon: <BankOutlined />, label: t('org.menu'), testId: 'menu-org' },
    { key: 'orders', icon: <ProfileOutlined />, label: t('commerce.nav_orders'), testId: 'menu-orders' },
    ...(roleMeets(user.role, 'operator') ? [{ key: 'admin' as const, icon: <SettingOutlined />, label: t('nav.admin'), testId: 'menu-admin' }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout'), testId: 'logout' },
  ];

  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>('[role=menuitem]')?.focus();
  }, []);

  const onKey = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const entries = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  return (
    <ul ref={list} className="user-menu__list" role="menu" aria-label={t('shell.user_menu')} onKeyDown={onKey}>
      {items.map((item) => (
        <li key={item.key} role="none" className={item.key === 'logout' ? 'user-menu__last' : undefined}>
          <button type="button" role="menuitem" tabIndex={-1} className={`user-menu__item${item.key === 'logout' ? ' is-danger' : ''}`} onClick={() => onChoose(item.key)}>
            <span aria-hidden="true">{item.icon}</span>
            <span data-testid={item.testId}>{item.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
