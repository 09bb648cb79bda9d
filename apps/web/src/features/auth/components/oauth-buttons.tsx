import { GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { OAUTH_PATHS } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiUrl } from '@/lib/runtime-config';

/**
 * Third-party sign-in (only the configured providers). The browser leaves for
 * the server's start URL; the server sets the token cookie and sends it back
 * to `/lang/google?redirect=` with the page we came from.
 */
export function OAuthButtons({ google, wechat }: { google: boolean; wechat: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!google && !wechat) return null;
  const redirect = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="oauth">
      <div className="oauth__divider">
        <span>{t('auth.or_continue')}</span>
      </div>
      <div className="oauth__buttons">
        {google && (
          <a className="btn btn--outline" href={`${apiUrl(OAUTH_PATHS.googleStart)}?redirect=${redirect}`} data-testid="oauth-google">
            <GoogleOutlined aria-hidden="true" /> Google
          </a>
        )}
        {wechat && (
          <a className="btn btn--outline" href={`${apiUrl(OAUTH_PATHS.wechatStart)}?redirect=${redirect}`} data-testid="oauth-wechat">
            <WechatOutlined aria-hidden="true" /> {t('auth.wechat')}
          </a>
        )}
      </div>
    </div>
  );
}
