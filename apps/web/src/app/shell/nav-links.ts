import type { MessageDescriptor } from '@lingui/core';
import type { TAccess } from '@mqr/contracts';
import { NAV_TEXTS } from './texts.ts';

/** The header's navigation (docs/product/overview.md#navigation), with who sees each link. */
export type TNavLink = { to: string; label: MessageDescriptor; end?: boolean; visibleTo: TAccess };

export const NAV_LINKS: readonly TNavLink[] = [
  { to: '/', label: NAV_TEXTS.home, end: true, visibleTo: 'public' },
  { to: '/scan', label: NAV_TEXTS.scan, visibleTo: 'public' },
  { to: '/dashboard', label: NAV_TEXTS.dashboard, visibleTo: 'signed-in' },
  // The assets page needs sign-in, but its link is shown to everyone (docs/product/overview.md#navigation).
  { to: '/assets', label: NAV_TEXTS.assets, end: true, visibleTo: 'public' },
  { to: '/requests', label: NAV_TEXTS.requests, visibleTo: 'signed-in' },
  { to: '/locations', label: NAV_TEXTS.locations, visibleTo: 'signed-in' },
  { to: '/calendar', label: NAV_TEXTS.calendar, visibleTo: 'signed-in' },
  { to: '/settings/audit-logs', label: NAV_TEXTS.activity, visibleTo: 'signed-in' },
  { to: '/admin/users', label: NAV_TEXTS.adminUsers, visibleTo: 'admin' },
  { to: '/admin/fields', label: NAV_TEXTS.adminFields, visibleTo: 'admin' },
  { to: '/admin/checklists', label: NAV_TEXTS.checklists, visibleTo: 'admin' },
  { to: '/admin/organizations', label: NAV_TEXTS.organizations, visibleTo: 'super-admin' },
];
