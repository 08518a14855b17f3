// What the benchmark asks of each tenant, and the p95 and p99 it must stay under (8 connections).
import { filterParam, MAX_COUNTED_ROWS } from '@mqr/contracts';
import type { Tenant } from './dataset.ts';

export interface Scenario {
  name: string;
  path: string;
  signedIn: boolean;
  /** Judged on PostgreSQL; the embedded database's p95 is judged as a ratio of PostgreSQL's. */
  p95GoalMs: number;
  /** Judged on both databases. */
  p99GoalMs: number;
}

/** The p99 goals by kind of request (docs/goals.md): lists and searches, one asset's pages, analytics. */
const P99_GOAL_MS = { list: 150, assetPage: 60, analytics: 500 } as const;

/** The location rows' p95 goals (ADR 122): a site's page and the list by location; the type-ahead. */
export const LOCATION_P95_GOAL_MS = { page: 50, typeAhead: 30 } as const;

/**
 * The location tree's rows (ADR 122): the three requests a site's page makes for its first page
 * (the site with its rolled-up counts, the locations inside it, its assets and those below it), the
 * list by a floor with its descendants, and the tree picker's type-ahead over full paths.
 */
export function locationScenarios(tenant: Tenant): Scenario[] {
  const { site, floor, terms } = tenant.locations;
  const row = (name: string, path: string, p95GoalMs: number): Scenario => ({
    name,
    path,
    signedIn: true,
    p95GoalMs,
    p99GoalMs: P99_GOAL_MS.list,
  });
  const typeAhead = (q: string) => `/api/locations/search?${new URLSearchParams({ q })}`;
  return [
    row('location page: the site', `/api/locations/${site.id}`, LOCATION_P95_GOAL_MS.page),
    row(
      'location page: inside it',
      `/api/locations?${new URLSearchParams({ parentId: site.id, page: '1', pageSize: '200' })}`,
      LOCATION_P95_GOAL_MS.page,
    ),
    row(
      'location page: its assets',
      `/api/assets?${new URLSearchParams({ location: site.id, page: '1', pageSize: String(PAGE_SIZE) })}`,
      LOCATION_P95_GOAL_MS.page,
    ),
    row('asset list by a floor', `/api/assets?location=${floor.id}`, LOCATION_P95_GOAL_MS.page),
    row('type-ahead, common word', typeAhead(terms.common), LOCATION_P95_GOAL_MS.typeAhead),
    row('type-ahead, rare words', typeAhead(terms.rare), LOCATION_P95_GOAL_MS.typeAhead),
    row('type-ahead, three words', typeAhead(terms.words), LOCATION_P95_GOAL_MS.typeAhead),
  ];
}

export const PAGE_SIZE = 50;

export function scenariosFor(tenant: Tenant): Scenario[] {
  // The deepest page the counts reach (ADR 030); past it the list reads on with `after`.
  const deepPage = Math.max(
    1,
    Math.min(Math.floor(tenant.assetCount / PAGE_SIZE), MAX_COUNTED_ROWS / PAGE_SIZE + 1),
  );
  const publicPage = (asset: { slug: string }) =>
    `/public/orgs/${tenant.organizationId}/assets/${asset.slug}`;
  const scenarios: Scenario[] = [
    {
      name: 'asset list, first page',
      path: '/api/assets',
      signedIn: true,
      p95GoalMs: 30,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: `asset list, page ${deepPage}`,
      path: `/api/assets?page=${deepPage}`,
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'asset list, after the middle',
      path: `/api/assets?after=${tenant.middleId}`,
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'search, common term',
      path: '/api/assets?search=pump',
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    // Two of the five locations (40%), by name; then one location (20%) by the serial number's values.
    {
      name: 'asset list, filtered and sorted',
      path: `/api/assets?${new URLSearchParams([
        ['filter', filterParam({ fieldId: tenant.fields.location, operator: 'any', value: 'Roof' })],
        ['filter', filterParam({ fieldId: tenant.fields.location, operator: 'any', value: 'Basement' })],
        ['sort', 'name'],
      ])}`,
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'asset list, filtered, by a field',
      path: `/api/assets?${new URLSearchParams([
        ['filter', filterParam({ fieldId: tenant.fields.location, operator: 'any', value: 'Workshop' })],
        ['sort', `field:${tenant.fields.serialNumber}`],
        ['order', 'desc'],
        ['columns', tenant.fields.serialNumber],
        ['columns', tenant.fields.location],
      ])}`,
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'search, rare term',
      path: `/api/assets?search=${tenant.rareTerm}`,
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'asset detail',
      path: `/api/assets/${tenant.sample.id}`,
      signedIn: true,
      p95GoalMs: 20,
      p99GoalMs: P99_GOAL_MS.assetPage,
    },
    {
      name: 'public asset page',
      path: publicPage(tenant.sample),
      signedIn: false,
      p95GoalMs: 20,
      p99GoalMs: P99_GOAL_MS.assetPage,
    },
    {
      name: 'pending tasks',
      path: '/api/tasks/pending',
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'audit log',
      path: '/api/audit-logs',
      signedIn: true,
      p95GoalMs: 50,
      p99GoalMs: P99_GOAL_MS.list,
    },
    {
      name: 'analytics, default',
      path: '/api/admin/dashboard/analytics',
      signedIn: true,
      p95GoalMs: 250,
      p99GoalMs: P99_GOAL_MS.analytics,
    },
    {
      name: 'analytics, 365/90 days',
      path: '/api/admin/dashboard/analytics?rangeDays=365&turnaroundDays=90',
      signedIn: true,
      p95GoalMs: 250,
      p99GoalMs: P99_GOAL_MS.analytics,
    },
  ];
  scenarios.push(...locationScenarios(tenant));
  if (tenant.longHistory) {
    scenarios.push(
      {
        name: 'asset detail, long history',
        path: `/api/assets/${tenant.longHistory.id}`,
        signedIn: true,
        p95GoalMs: 20,
        p99GoalMs: P99_GOAL_MS.assetPage,
      },
      {
        name: 'public page, long history',
        path: publicPage(tenant.longHistory),
        signedIn: false,
        p95GoalMs: 20,
        p99GoalMs: P99_GOAL_MS.assetPage,
      },
    );
  }
  return scenarios;
}
