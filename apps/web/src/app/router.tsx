import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HOME_PATH } from './route-access.ts';
import { RouteError } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';
import { RouteLoading } from './route-loading.tsx';
import { ROUTE_TABLE, type TRoute } from './route-table.ts';
import { AppShell } from './shell/app-shell.tsx';

/** The route objects: every route's screen, loaded when first opened, behind the guard of its rule. */
export function buildRoutes(routes: readonly TRoute[] = ROUTE_TABLE): RouteObject[] {
  const guarded = routes.map((route): RouteObject => {
    const lazy = async () => ({ Component: await route.screen() });
    const screen: RouteObject =
      route.path === HOME_PATH ? { index: true, lazy } : { path: route.path.slice(1), lazy };
    return { element: <RouteGuard rule={route} />, children: [screen] };
  });
  return [
    {
      path: '/',
      Component: AppShell,
      HydrateFallback: RouteLoading,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [...guarded, { path: '*', element: <Navigate to={HOME_PATH} replace /> }],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
