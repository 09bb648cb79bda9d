import { createBrowserRouter, type RouteObject } from 'react-router';
import { reloadForChunkError } from '@/lib/chunk-reload';
import { guardLoader } from './guards';
import { AppLayout } from './layouts/app-layout';
import { BlankLayout } from './layouts/blank-layout';
import { DefaultLayout } from './layouts/default-layout';
import { RouteError, NotFound } from './route-error';
import { Root, RootFallback } from './root';
import { rootLoader } from './root-loader';
import { routesByLayout, type ExpandedRoute } from './route-table';
import type { LayoutName } from './routes';
import { AdminGate } from './admin-gate';
import { withAntd } from '@/components/with-antd';
import { loadMessageGroups } from '@/lib/i18n';

export interface RouteHandle {
  auth?: 'user' | 'operator' | 'admin';
  title: string;
  description?: string;
  path: string;
  footer?: false;
}

function pageRoute(route: ExpandedRoute): RouteObject {
  const { def } = route;
  const handle: RouteHandle = { auth: def.auth, title: def.title, description: def.description, path: def.path, footer: def.footer };
  return {
    id: route.id,
    path: route.path,
    handle,
    loader: def.auth ? guardLoader : undefined,
    lazy: async () => {
      try {
        const [mod] = await Promise.all([def.load(), loadMessageGroups(def.messages)]);
        const Page = def.antd ? withAntd(mod.default) : mod.default;
        const staff = def.auth === 'admin' || def.auth === 'operator' ? def.auth : null;
        return { Component: staff ? () => <AdminGate level={staff}><Page /></AdminGate> : Page };
      } catch (error) {
        // A deploy replaced the chunks under an open tab: reload once instead of showing a dead page.
        reloadForChunkError(error);
        throw error;
      }
    },
  };
}

const layoutElements: Record<Exclude<LayoutName, 'up-down'>, RouteObject['element']> = {
  app: <AppLayout />,
  default: <DefaultLayout />,
  blank: <BlankLayout />,
};

export function buildRoutes(): RouteObject[] {
  const layouts: RouteObject[] = (['app', 'default', 'blank'] as const).map((layout) => ({
    id: `layout-${layout}`,
    element: layoutElements[layout],
    children: routesByLayout(layout).map(pageRoute),
  }));
  // The up-down layout only serves the admin area, so it loads with it.
  layouts.push({
    id: 'layout-up-down',
    lazy: async () => ({ Component: (await import('./layouts/up-down-layout')).UpDownLayout }),
    children: routesByLayout('up-down').map(pageRoute),
  });
  return [
    {
      id: 'root',
      path: '/',
      element: <Root />,
      loader: rootLoader,
      // Spec §4: the config/user check runs before every navigation, not only the first.
      shouldRevalidate: () => true,
      HydrateFallback: RootFallback,
      errorElement: <RouteError />,
      children: [...layouts, { id: 'not-found', path: '*', element: <NotFound /> }],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
