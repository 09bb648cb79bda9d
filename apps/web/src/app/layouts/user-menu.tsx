import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { signOut } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { userStore } from '@/stores/user-store';
import type { UserMenuKey } from './user-menu-list';

const UserMenuList = lazy(() => import('./user-menu-list'));

/**
 * The signed-in user's menu in the header. Plain elements, not antd: it is on
 * every page a member opens, and antd's dropdown would add about 100 KB to
 * each first screen. A menu button (WAI-ARIA menu pattern): arrows move,
 * Escape and a click outside close, focus returns to the button.
 */
export default function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const choose = (key: UserMenuKey) => {
    setOpen(false);
    if (key === 'profile') navigate('/user/info');
    else if (key === 'orders') navigate('/user/orders');
    else if (key === 'admin') navigate('/admin');
    else if (key === 'org') userStore.set({ orgEditState: 2 });
    else {
      void signOut().then(() => {
        toast.success(t('msg.logout_success'));
        navigate('/');
      });
    }
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-chip"
        data-testid="user-menu"
        aria-label={t('shell.user_menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <span className="user-chip__avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" width={32} height={32} /> : <UserOutlined />}
        </span>
        <span className="user-chip__name">{user.nickname}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuList user={user} onChoose={choose} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
