import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { HOME_PATH, redirectFor, type TRouteRule, type TViewer } from './route-access.ts';

/** A route of the product: its path, who may open it, and its screen, loaded when first opened. */
export type TRoute = TRouteRule & { screen: () => Promise<ComponentType> };

/**
 * Every route of the product (docs/product/overview.md#routes), declared once (ADR 023): the router
 * registers each screen behind the guard of its rule. A screen that composes several features lives
 * in app/routes/; any other screen is its feature's own page.
 */
export const ROUTE_TABLE = [
  {
    path: '/',
    access: 'public',
    screen: async () => (await import('../features/home/components/home-page.tsx')).HomePage,
  },
  {
    path: '/login',
    access: 'public',
    signedInRedirect: '/dashboard',
    screen: async () => (await import('../features/auth/components/sign-in-page.tsx')).SignInPage,
  },
  {
    path: '/login/sso',
    access: 'public',
    signedInRedirect: '/dashboard',
    screen: async () => (await import('../features/auth/components/sso-return-page.tsx')).SsoReturnPage,
  },
  {
    path: '/scan',
    access: 'public',
    screen: async () => (await import('../features/scan/components/scan-page.tsx')).ScanPage,
  },
  {
    path: '/a/:organizationId/:slug',
    access: 'public',
    screen: async () =>
      (await import('../features/public-asset/components/public-asset-page.tsx')).PublicAssetPage,
  },
  {
    path: '/l/:organizationId/:slug',
    access: 'public',
    screen: async () =>
      (await import('../features/public-location/components/public-location-page.tsx')).PublicLocationPage,
  },
  {
    path: '/r/:token',
    access: 'public',
    screen: async () =>
      (await import('../features/public-asset/components/request-status-page.tsx')).RequestStatusPage,
  },
  {
    path: '/dashboard',
    access: 'signed-in',
    screen: async () => (await import('./routes/dashboard-page.tsx')).DashboardPage,
  },
  {
    path: '/assets',
    access: 'signed-in',
    screen: async () => (await import('../features/assets/components/asset-list-page.tsx')).AssetListPage,
  },
  {
    path: '/assets/new',
    access: 'signed-in',
    screen: async () => (await import('../features/assets/components/asset-form-page.tsx')).AssetFormPage,
  },
  {
    path: '/assets/import',
    access: 'admin',
    screen: async () =>
      (await import('../features/imports/components/import-upload-page.tsx')).ImportUploadPage,
  },
  {
    path: '/assets/import/:id',
    access: 'admin',
    screen: async () => (await import('../features/imports/components/import-run-page.tsx')).ImportRunPage,
  },
  {
    path: '/assets/:id/edit',
    access: 'signed-in',
    screen: async () => (await import('../features/assets/components/asset-form-page.tsx')).AssetFormPage,
  },
  {
    path: '/assets/:id',
    access: 'signed-in',
    screen: async () => (await import('./routes/asset-detail-page.tsx')).AssetDetailPage,
  },
  {
    path: '/locations',
    access: 'signed-in',
    screen: async () => (await import('../features/locations/components/locations-page.tsx')).LocationsPage,
  },
  {
    path: '/locations/:id',
    access: 'signed-in',
    screen: async () => (await import('./routes/location-page.tsx')).LocationPage,
  },
  {
    path: '/admin/users',
    access: 'admin',
    screen: async () => (await import('./routes/admin-users-page.tsx')).AdminUsersPage,
  },
  {
    path: '/admin/fields',
    access: 'admin',
    screen: async () => (await import('../features/fields/components/admin-fields-page.tsx')).AdminFieldsPage,
  },
  {
    path: '/admin/checklists',
    access: 'admin',
    screen: async () =>
      (await import('../features/checklists/components/admin-checklists-page.tsx')).AdminChecklistsPage,
  },
  {
    path: '/admin/checklists/:id',
    access: 'admin',
    screen: async () =>
      (await import('../features/checklists/components/checklist-editor-page.tsx')).ChecklistEditorPage,
  },
  {
    path: '/admin/organizations',
    access: 'super-admin',
    screen: async () =>
      (await import('../features/organizations/components/admin-organizations-page.tsx'))
        .AdminOrganizationsPage,
  },
  {
    path: '/requests',
    access: 'signed-in',
    screen: async () => (await import('../features/requests/components/requests-page.tsx')).RequestsPage,
  },
  {
    path: '/requests/:id',
    access: 'signed-in',
    screen: async () =>
      (await import('../features/requests/components/request-detail-page.tsx')).RequestDetailPage,
  },
  {
    path: '/tasks/:eventId/checklist',
    access: 'signed-in',
    screen: async () => (await import('./routes/task-checklist-page.tsx')).TaskChecklistPage,
  },
  {
    path: '/outbox',
    access: 'signed-in',
    screen: async () => (await import('../features/offline/components/outbox-page.tsx')).OutboxPage,
  },
  {
    path: '/profile',
    access: 'signed-in',
    screen: async () => (await import('./routes/profile-page.tsx')).ProfilePage,
  },
  {
    path: '/settings',
    access: 'signed-in',
    screen: async () => (await import('./routes/settings-page.tsx')).SettingsPage,
  },
  {
    path: '/settings/audit-logs',
    access: 'signed-in',
    screen: async () => (await import('../features/audit-logs/components/audit-log-page.tsx')).AuditLogPage,
  },
  {
    path: '/calendar',
    access: 'signed-in',
    screen: async () => (await import('../features/calendar/components/calendar-page.tsx')).CalendarPage,
  },
] as const satisfies readonly TRoute[];

/** The route of a concrete URL path; undefined for an unknown path (which goes home). */
export function routeFor(pathname: string): TRoute | undefined {
  const routes: readonly TRoute[] = ROUTE_TABLE;
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** The full outcome for a URL path: the path to go to, or null to render it. */
export function resolveNavigation(pathname: string, viewer: TViewer): string | null {
  const route = routeFor(pathname);
  if (!route) return HOME_PATH;
  return redirectFor(route, viewer);
}
