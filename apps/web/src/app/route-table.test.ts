import { describe, expect, it } from 'vitest';
import type { TViewer } from './route-access.ts';
import { ROUTE_TABLE, resolveNavigation, routeFor } from './route-table.ts';

const viewers: Record<string, TViewer> = {
  loggedOut: null,
  member: { isAdmin: false, isSuperAdmin: false },
  admin: { isAdmin: true, isSuperAdmin: false },
  superAdmin: { isAdmin: true, isSuperAdmin: true },
};

/** docs/product/overview.md#routes: the expected outcome per route and viewer (null = the page opens). */
const expected: Record<string, Record<keyof typeof viewers, string | null>> = {
  '/': { loggedOut: null, member: null, admin: null, superAdmin: null },
  '/login': { loggedOut: null, member: '/dashboard', admin: '/dashboard', superAdmin: '/dashboard' },
  '/login/sso': { loggedOut: null, member: '/dashboard', admin: '/dashboard', superAdmin: '/dashboard' },
  '/scan': { loggedOut: null, member: null, admin: null, superAdmin: null },
  '/a/org-1/pump-7x': { loggedOut: null, member: null, admin: null, superAdmin: null },
  '/r/AbC-12_x': { loggedOut: null, member: null, admin: null, superAdmin: null },
  '/requests': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/requests/123': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/dashboard': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/assets': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/assets/new': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/assets/import': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/assets/import/123': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/assets/123/edit': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/assets/123': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/admin/users': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/admin/fields': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/admin/checklists': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/admin/checklists/new': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/admin/checklists/123': { loggedOut: '/login', member: '/', admin: null, superAdmin: null },
  '/admin/organizations': { loggedOut: '/login', member: '/', admin: '/', superAdmin: null },
  '/tasks/123/checklist': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/outbox': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/profile': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/settings': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/settings/audit-logs': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/calendar': { loggedOut: '/login', member: null, admin: null, superAdmin: null },
  '/no/such/page': { loggedOut: '/', member: '/', admin: '/', superAdmin: '/' },
  '/assets/1/edit/extra': { loggedOut: '/', member: '/', admin: '/', superAdmin: '/' },
};

describe('route table guards', () => {
  for (const [path, outcomes] of Object.entries(expected)) {
    for (const [who, outcome] of Object.entries(outcomes)) {
      it(`${path} as ${who} → ${outcome ?? 'opens'}`, () => {
        expect(resolveNavigation(path, viewers[who] ?? null)).toBe(outcome);
      });
    }
  }

  it('has a rule for every path of the documented route table', () => {
    expect(ROUTE_TABLE.map((r) => r.path)).toEqual([
      '/',
      '/login',
      '/login/sso',
      '/scan',
      '/a/:organizationId/:slug',
      '/l/:organizationId/:slug',
      '/r/:token',
      '/dashboard',
      '/assets',
      '/assets/new',
      '/assets/import',
      '/assets/import/:id',
      '/assets/:id/edit',
      '/assets/:id',
      '/locations',
      '/locations/:id',
      '/admin/users',
      '/admin/fields',
      '/admin/checklists',
      '/admin/checklists/:id',
      '/admin/organizations',
      '/requests',
      '/requests/:id',
      '/tasks/:eventId/checklist',
      '/outbox',
      '/profile',
      '/settings',
      '/settings/audit-logs',
      '/calendar',
    ]);
  });

  it('matches /assets/new to its own rule, not /assets/:id', () => {
    expect(routeFor('/assets/new')?.path).toBe('/assets/new');
  });

  it('matches the import pages to their own admin rules, not /assets/:id', () => {
    expect(routeFor('/assets/import')?.path).toBe('/assets/import');
    expect(routeFor('/assets/import/123')?.path).toBe('/assets/import/:id');
  });
});
