import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signIn } from '@/lib/auth';
import { safeInternalPath } from '@/lib/safe-navigate';
import { useSiteConfig } from '@/lib/site-config';
import { closeLogin, LOGIN_MODE, userStore, useUserStore, type LoginMode } from '@/stores/user-store';
import { BindMobileForm } from './bind-mobile-form';
import { LoginPanel } from './login-panel';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';

const TITLES: Record<LoginMode, string> = {
  0: 'auth.title_login',
  1: 'auth.title_forgot',
  2: 'auth.title_forgot',
  3: 'auth.title_register',
  4: 'auth.title_bind_mobile',
  5: 'auth.title_register',
  6: 'auth.title_forgot',
};

/** The line under the title: each mode says what it does, so registering never reads "sign in". */
const SUBTITLES: Record<LoginMode, string> = {
  0: 'auth.subtitle',
  1: 'auth.subtitle_forgot',
  2: 'auth.subtitle_forgot',
  3: 'auth.subtitle_register',
  4: 'auth.bind_hint',
  5: 'auth.subtitle_register',
  6: 'auth.subtitle_forgot',
};

/** The login popup with the seven modes of spec §4. */
export default function LoginModal() {
  const { t } = useTranslation();
  const open = useUserStore((s) => s.showLogin);
  const mode = useUserStore((s) => s.loginMode);
  const reason = useUserStore((s) => s.loginReason);
  const { config } = useSiteConfig();
  const flags = config.login;
  const navigate = useNavigate();

  const onToken = async (token: string) => {
    // A guard may have remembered where the visitor wanted to go before signing in.
    const pending = userStore.get().href;
    await signIn(token);
    userStore.set({ href: '' });
    closeLogin();
    if (pending) void navigate(safeInternalPath(pending, '/'));
  };

  const emailReset = flags.email_password || flags.email_code || flags.register_email;
  const mobileReset = flags.mobile_password || flags.mobile_code || flags.register_mobile;

  let body;
  switch (mode) {
    case LOGIN_MODE.LOGIN:
      body = <LoginPanel flags={flags} onToken={onToken} />;
      break;
    case LOGIN_MODE.FORGOT_MOBILE:
      body = <ResetForm channel="mobile" allowOther={emailReset} />;
      break;
    case LOGIN_MODE.FORGOT_MAILBOX:
    case LOGIN_MODE.FORGOT_EMAIL:
      body = <ResetForm channel="email" allowOther={mobileReset} />;
      break;
    case LOGIN_MODE.REGISTER_MOBILE:
      body = <RegisterForm channel="mobile" flags={flags} onToken={onToken} />;
      break;
    case LOGIN_MODE.REGISTER_EMAIL:
      body = <RegisterForm channel="email" flags={flags} onToken={onToken} />;
      break;
    case LOGIN_MODE.BIND_MOBILE:
      body = <BindMobileForm />;
      break;
  }

  return (
    <Modal
      open={open}
      onCancel={() => {
        userStore.set({ href: '' });
        closeLogin();
      }}
      footer={null}
      width={420}
      centered
      destroyOnHidden
      // The dialog's accessible name (antd labels the dialog by its title); the visible heading is the one below.
      title={<span className="sr-only">{t(TITLES[mode])}</span>}
      className="login-modal"
    >
      <div className="login-modal__head" data-testid="login-modal">
        <span className="brand-mark" aria-hidden="true" />
        <div>
          <h2 data-testid="login-title">{t(TITLES[mode])}</h2>
          <p className="muted">{t(SUBTITLES[mode], { name: config.website.name || t('app.name') })}</p>
        </div>
      </div>
      {reason && (
        <p className="callout callout--warning login-modal__reason" role="status" data-testid="login-reason">
          {reason}
        </p>
      )}
      <div key={mode}>{body}</div>
    </Modal>
  );
}
