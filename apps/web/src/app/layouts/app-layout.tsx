import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { NoticeBar } from './notice-bar';
import { Sidebar } from './sidebar';
import { SupportLauncher } from '@/features/support/support-launcher';
import { isEmbedded } from '@/features/embedded/embedded-host';
import { useSiteConfig } from '@/lib/site-config';

// Only an embedded app (DingTalk, WeChat) uses the tab bar: other visitors never download it.
const TabBar = lazy(() => import('@/features/embedded/tab-bar'));

/** The main shell: sidebar, header, notice, page, footer. On narrow screens the sidebar becomes a drawer. */
export function AppLayout() {
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  const footer = !useMatches().some((m) => (m.handle as { footer?: false } | undefined)?.footer === false);
  const embedded = isEmbedded(useSiteConfig().config.inDingTalk);
  // Navigating closes the drawer; derived during render rather than in an effect to avoid a flash.
  if (shownFor !== pathname) {
    setShownFor(pathname);
    if (drawer) setDrawer(false);
  }
  useEffect(() => {
    if (!drawer) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className={`shell${drawer ? ' shell--drawer' : ''}${embedded ? ' shell--embedded' : ''}`} data-embedded={embedded ? '1' : undefined}>
      <Sidebar onNavigate={() => setDrawer(false)} />
      <button type="button" className="shell__scrim" aria-hidden="true" tabIndex={-1} onClick={() => setDrawer(false)} />
      <div className="shell__main">
        <AppHeader onMenu={() => setDrawer(true)} />
        <NoticeBar />
        <main className="shell__content" id="main">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        {footer && <AppFooter />}
      </div>
      <SupportLauncher />
      {embedded && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
    </div>
  );
}
