import type { TAccess } from '@mqr/contracts';

/** The header's navigation (docs/product/overview.md#navigation), with who sees each link. */
export type TNavLink = { to: string; label: string; end?: boolean; visibleTo: TAccess };

export const NAV_LINKS: readonly TNavLink[] = [
  { to: '/', label: 'Home', end: true, visibleTo: 'public' },
  { to: '/scan', label: 'Scan QR', visibleTo: 'public' },
  { to: '/dashboard', label: 'Dashboard', visibleTo: 'signed-in' },
  // The assets page needs sign-in, but its link is shown to everyone (docs/product/overview.md#navigation).
  { to: '/assets', label: 'Assets', end: true, visibleTo: 'public' },
  { to: '/calendar', label: 'Calendar', visibleTo: 'signed-in' },
  { to: '/settings/audit-logs', label: 'Activity', visibleTo: 'signed-in' },
  { to: '/admin/users', label: 'Admin Users', visibleTo: 'admin' },
  { to: '/admin/fields', label: 'Admin Fields', visibleTo: 'admin' },
  { to: '/admin/organizations', label: 'Organizations', visibleTo: 'super-admin' },
];
