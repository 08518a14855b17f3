import { matchPath } from 'react-router';

/**
 * Who may open each route of the product (spec section 2, route table). Declared once, used by the
 * router's guards and the navigation. Routes whose screens do not exist yet keep their rule here;
 * they are simply not registered in the router, so they fall back to home.
 */
export type TAccess = 'public' | 'signed-in' | 'admin' | 'super-admin';

export type TRouteRule = {
  path: string;
  access: TAccess;
  /** Where a signed-in user is sent instead (the sign-in page sends them to the dashboard). */
  signedInRedirect?: string;
};

export const ROUTE_TABLE = [
  { path: '/', access: 'public' },
  { path: '/login', access: 'public', signedInRedirect: '/dashboard' },
  { path: '/scan', access: 'public' },
  { path: '/a/:organizationId/:slug', access: 'public' },
  { path: '/dashboard', access: 'signed-in' },
  { path: '/assets', access: 'signed-in' },
  { path: '/assets/new', access: 'signed-in' },
  { path: '/assets/:id/edit', access: 'signed-in' },
  { path: '/assets/:id', access: 'signed-in' },
  { path: '/admin/users', access: 'admin' },
  { path: '/admin/fields', access: 'admin' },
  { path: '/admin/organizations', access: 'super-admin' },
  { path: '/profile', access: 'signed-in' },
  { path: '/settings', access: 'signed-in' },
  { path: '/settings/audit-logs', access: 'signed-in' },
] as const satisfies readonly TRouteRule[];

export type TRoutePath = (typeof ROUTE_TABLE)[number]['path'];

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';

export type TViewer = { isAdmin: boolean; isSuperAdmin: boolean } | null;

/** Administrators: isAdmin, or a super administrator (platform operator). */
export function hasAccess(access: TAccess, viewer: TViewer): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return viewer !== null;
    case 'admin':
      return viewer !== null && (viewer.isAdmin || viewer.isSuperAdmin);
    case 'super-admin':
      return viewer?.isSuperAdmin === true;
  }
}

/**
 * Where a viewer opening a route with this rule must go instead, or null when they may stay.
 * Sign-in required → /login; admin-only and super-admin-only → home.
 */
export function redirectFor(
  rule: Pick<TRouteRule, 'access' | 'signedInRedirect'>,
  viewer: TViewer,
): string | null {
  if (viewer && rule.signedInRedirect) return rule.signedInRedirect;
  if (hasAccess(rule.access, viewer)) return null;
  if (viewer === null) return rule.access === 'public' ? null : LOGIN_PATH;
  return HOME_PATH;
}

/** The rule for a concrete URL path; undefined for an unknown path (which goes home). */
export function ruleFor(pathname: string): TRouteRule | undefined {
  const rules: readonly TRouteRule[] = ROUTE_TABLE;
  return rules.find((rule) => matchPath({ path: rule.path, end: true }, pathname) !== null);
}

/** The full outcome for a URL path: the path to go to, or null to render it. */
export function resolveNavigation(pathname: string, viewer: TViewer): string | null {
  const rule = ruleFor(pathname);
  if (!rule) return HOME_PATH;
  return redirectFor(rule, viewer);
}
