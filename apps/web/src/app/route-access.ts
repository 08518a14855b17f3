import type { TAccess } from '@mqr/contracts';

/**
 * Who may open a route of the product (docs/product/overview.md#routes): the rule each route of the route table
 * (route-table.ts) declares, read by the router's guards and the navigation. The access levels are the
 * server's (ACCESS_LEVELS in @mqr/contracts).
 */
export type TRouteRule = {
  path: string;
  access: TAccess;
  /** Where a signed-in user is sent instead (the sign-in page sends them to the dashboard). */
  signedInRedirect?: string;
};

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
