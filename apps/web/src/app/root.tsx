import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '@/components/loading-bar';
import { setRouteMeta } from '@/lib/page-meta';
import { useSiteConfig } from '@/lib/site-config';
import { useUserStore } from '@/stores/user-store';
import { rememberShownPage } from './nav-memory';
import { Popups } from './popups';
import type { RouteHandle } from './router';
import { useSessionEffects } from './session-effects';

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

export function Root() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const { config } = useSiteConfig();
  const handle = matches.map((m) => m.handle).filter(isHandle).at(-1);

  useEffect(() => {
    rememberShownPage({ href: location.pathname + location.search, guarded: Boolean(handle?.auth) });
  }, [location.pathname, location.search, handle?.auth]);

  useEffect(() => {
    const site = config.website.name || t('app.name');
    setRouteMeta({ title: handle ? t(handle.title) : '', site, description: handle?.description ? t(handle.description) : undefined });
  }, [handle, config.website.name, t]);

  useSessionEffects(handle?.path ?? location.pathname);
  const showLogin = useUserStore((s) => s.showLogin);

  return (
    <>
      <LoadingBar navigating={navigation.state !== 'idle'} />
      <Outlet />
      <Popups loginOpen={showLogin} />
    </>
  );
}

/** Shown while the first navigation's loader (config, user, language) runs: the page frame, no content yet. */
export function RootFallback() {
  return (
    <div className="boot-splash" aria-busy="true">
      <span className="boot-splash__logo" />
    </div>
  );
}
