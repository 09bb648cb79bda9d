import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PAPER_KEYWORD_MAX } from '@xueba/contract';
import { GlobalOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { LocaleLink } from '@/components/locale-link';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { stripLocale } from '@/lib/locale-path';
import { useSiteConfig } from '@/lib/site-config';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
/** The academic search page (features/paper); the header only needs its path. */
const SEARCH_PATH = '/academic_search';
// The avatar menu (antd Dropdown) is only needed once signed in, so visitors never download it.
const UserMenu = lazy(() => import('./user-menu'));
// The notice bell too: only signed-in users have notices.
const NoticeBadge = lazy(() => import('@/features/notice/components/notice-badge').then((m) => ({ default: m.NoticeBadge })));

/**
 * Header of spec §2: search and user info. Search runs an academic paper
 * search (`/academic_search?keyword=`); on that page the box shows the
 * current keyword. The home page still filters its examples by `/?q=`.
 */
export function AppHeader({ onMenu, brand = false }: { onMenu?: () => void; brand?: boolean }) {
  const { t } = useTranslation();
  const { user, signedIn } = useUser();
  const { config } = useSiteConfig();
  const [params] = useSearchParams();
  const onSearchPage = stripLocale(useLocation().pathname) === SEARCH_PATH;
  const urlKeyword = onSearchPage ? (params.get('keyword') ?? '') : '';
  const [query, setQuery] = useState(urlKeyword);
  // Follow the search page's keyword when it changes there (adjusting state during render, not in an effect).
  const [shownKeyword, setShownKeyword] = useState(urlKeyword);
  if (shownKeyword !== urlKeyword) {
    setShownKeyword(urlKeyword);
    setQuery(urlKeyword);
  }
  const navigate = useLocaleNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `${SEARCH_PATH}?keyword=${encodeURIComponent(q)}` : SEARCH_PATH);
  };

  return (
    <header className="app-header">
      {onMenu && (
        <button type="button" className="icon-btn app-header__menu" onClick={onMenu} aria-label={t('shell.open_menu')} data-testid="menu-open">
          <MenuOutlined />
        </button>
      )}
      {brand && (
        <LocaleLink to="/" className="app-header__brand">
          <span className="brand-mark brand-mark--sm" aria-hidden="true" />
          <strong>{config.website.name || t('app.name')}</strong>
        </LocaleLink>
      )}
      <form className="search-box" role="search" onSubmit={submit}>
        <SearchOutlined aria-hidden="true" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('shell.search_placeholder')}
          aria-label={t('shell.search')}
          maxLength={PAPER_KEYWORD_MAX}
          data-testid="header-search"
        />
      </form>
      <div className="app-header__actions">
        <LocaleLink to="/lang" className="icon-btn" aria-label={t('nav.language')} title={t('nav.language')} data-testid="header-language">
          <GlobalOutlined />
        </LocaleLink>
        {user && (
          <Suspense fallback={null}>
            <NoticeBadge />
          </Suspense>
        )}
        {user ? (
          <Suspense fallback={<span className="user-chip user-chip--placeholder" aria-hidden="true" />}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => openLogin(LOGIN_MODE.LOGIN)}
            disabled={signedIn}
            data-testid="login-open"
          >
            {signedIn ? (
              t('common.loading')
            ) : (
              <>
                {/* A phone header keeps the short label so the search box stays usable. */}
                <span className="login-label--long">{t('auth.login_register')}</span>
                <span className="login-label--short">{t('auth.login')}</span>
              </>
            )}
          </button>
        )}
      </div>
    </header>
  );
}
