import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HOME_PATH, ROUTE_TABLE, type TRoutePath } from './route-access.ts';
import { RouteError } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';
import { RouteLoading } from './route-loading.tsx';
import { AppShell } from './shell/app-shell.tsx';

type TLazyScreen = NonNullable<RouteObject['lazy']>;

/**
 * Screens that exist so far. A path of the route table without a screen here is not registered
 * (it falls back to home) but keeps its access rule for when its screen arrives.
 */
export const SCREENS: Partial<Record<TRoutePath, TLazyScreen>> = {
  '/': async () => ({ Component: (await import('../features/home/components/home-page.tsx')).HomePage }),
  '/login': async () => ({
    Component: (await import('../features/auth/components/sign-in-page.tsx')).SignInPage,
  }),
  '/scan': async () => ({ Component: (await import('../features/scan/components/scan-page.tsx')).ScanPage }),
  '/a/:organizationId/:slug': async () => ({
    Component: (await import('../features/public-asset/components/public-asset-page.tsx')).PublicAssetPage,
  }),
  '/dashboard': async () => ({
    Component: (await import('./routes/dashboard-page.tsx')).DashboardPage,
  }),
  '/assets': async () => ({
    Component: (await import('../features/assets/components/asset-list-page.tsx')).AssetListPage,
  }),
  '/assets/new': async () => ({
    Component: (await import('../features/assets/components/asset-form-page.tsx')).AssetFormPage,
  }),
  '/assets/:id/edit': async () => ({
    Component: (await import('../features/assets/components/asset-form-page.tsx')).AssetFormPage,
  }),
  '/assets/:id': async () => ({
    Component: (await import('./routes/asset-detail-page.tsx')).AssetDetailPage,
  }),
  '/admin/fields': async () => ({
    Component: (await import('../features/fields/components/admin-fields-page.tsx')).AdminFieldsPage,
  }),
  '/admin/users': async () => ({
    Component: (await import('./routes/admin-users-page.tsx')).AdminUsersPage,
  }),
  '/admin/organizations': async () => ({
    Component: (await import('../features/organizations/components/admin-organizations-page.tsx'))
      .AdminOrganizationsPage,
  }),
  '/profile': async () => ({
    Component: (await import('./routes/profile-page.tsx')).ProfilePage,
  }),
  '/settings': async () => ({
    Component: (await import('./routes/settings-page.tsx')).SettingsPage,
  }),
  '/settings/audit-logs': async () => ({
    Component: (await import('../features/audit-logs/components/audit-log-page.tsx')).AuditLogPage,
  }),
};

/** The route objects: every registered screen wrapped in the guard of its route-table rule. */
export function buildRoutes(screens: Partial<Record<TRoutePath, TLazyScreen>> = SCREENS): RouteObject[] {
  const guarded: RouteObject[] = [];
  for (const rule of ROUTE_TABLE) {
    const lazy = screens[rule.path];
    if (!lazy) continue;
    const screen: RouteObject =
      rule.path === HOME_PATH ? { index: true, lazy } : { path: rule.path.slice(1), lazy };
    guarded.push({ element: <RouteGuard rule={rule} />, children: [screen] });
  }
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
