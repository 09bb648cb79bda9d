import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** Header, a centred reading column and the footer: documents such as policies. */
export function DefaultLayout() {
  return (
    <div className="default-layout">
      <AppHeader brand />
      <main className="default-layout__content" id="main">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
