import { Outlet } from 'react-router';

/** No chrome at all: language choice, sign-in landing, empty page. */
export function BlankLayout() {
  return (
    <main className="blank-layout">
      <Outlet />
    </main>
  );
}
