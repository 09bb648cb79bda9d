import { Outlet } from 'react-router';
import { AppHeader } from './app-header';

/** A full-width work area under the header: the admin console. */
export function UpDownLayout() {
  return (
    <div className="up-down-layout">
      <AppHeader brand />
      <main className="up-down-layout__content" id="main">
        <Outlet />
      </main>
    </div>
  );
}
