import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { dashboardAnalytics, RECENT_ANSWER_CACHE } from './service.ts';
import { workAnalytics } from './work-service.ts';

// The production threshold is 5,000 completions; the same rule on a smaller window keeps the test quick.
const CACHE = { ...RECENT_ANSWER_CACHE, minCompletions: 200 };

const t = tenantWorld();

/** The dashboard of 30 days with a 14-day turnaround window, in UTC, at `now`, with the test's cache. */
const dashboardAt = (organizationId: string, now: Date) =>
  dashboardAnalytics(
    t.db,
    { organizationId, rangeDays: 30, turnaroundDays: 14, timeZone: 'UTC', organizationTimeZone: 'UTC', now },
    CACHE,
  );

/** `n` completions of the asset, spread over the 10 days before `now`. */
async function complete(assetId: string, organizationId: string, n: number, now: Date) {
  await t.db.execute(sql`
    insert into maintenance_events (id, organization_id, asset_id, title, performed_at, created_at, updated_at,
      task_status, task_completed_at)
    select gen_random_uuid(), ${organizationId}::uuid, ${assetId}::uuid, 'Round ' || i,
      ${now}::timestamptz - (i % 10) * interval '1 day' - interval '2 hours',
      ${now}::timestamptz - (i % 10) * interval '1 day' - interval '2 hours', now(),
      'Completed', ${now}::timestamptz - (i % 10) * interval '1 day' - interval '1 hour'
    from generate_series(1, ${n}) as i`);
}

describe('the busiest assets of a big turnaround window', () => {
  it('are computed at most once a minute per organization and window, the last answer served meanwhile; small windows always afresh', async () => {
    const now = new Date('2026-09-01T12:00:00Z');
    const org = t.orgA.organization.id;
    const busy = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Busy pump' });
    await complete(busy.id, org, CACHE.minCompletions + 10, now);
    const ask = (at: Date) => dashboardAt(org, at);
    const labels = async (at: Date) => (await ask(at)).turnaroundMetrics.map((metric) => metric.label);

    expect(await labels(now)).toEqual(['Overall', 'Busy pump']);
    const busier = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Busier fan' });
    await complete(busier.id, org, CACHE.minCompletions + 20, now);
    // Within the minute: the same ranking; the overall figure is fresh.
    const soon = await ask(new Date(now.getTime() + 30_000));
    expect(soon.turnaroundMetrics.map((metric) => metric.label)).toEqual(['Overall', 'Busy pump']);
    expect(soon.turnaroundMetrics[0]?.sampleSize).toBe(2 * CACHE.minCompletions + 30);
    // Past the minute, the last ranking is served at once while one recount runs for everyone.
    const later = new Date(now.getTime() + 2 * CACHE.ttlMs);
    expect(await labels(later)).toEqual(['Overall', 'Busy pump']);
    // Once it is done, the new ranking.
    await vi.waitFor(async () =>
      expect(await labels(new Date(later.getTime() + 1))).toEqual(['Overall', 'Busier fan', 'Busy pump']),
    );
    // Another organization's small window is its own, and fresh.
    const small = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B boiler' });
    await complete(small.id, t.orgB.organization.id, 3, now);
    const b = await dashboardAt(t.orgB.organization.id, now);
    expect(b.turnaroundMetrics.map((metric) => metric.label)).toEqual(['Overall', 'B boiler']);
  });
});

/** `n` completed tasks of the asset with one cost line each of `minor`, within the day before `now`. */
async function costed(assetId: string, organizationId: string, n: number, minor: number, now: Date) {
  await t.db.execute(sql`
    with made as (
      insert into maintenance_events (id, organization_id, asset_id, title, performed_at, created_at,
        updated_at, task_status, task_completed_at)
      select gen_random_uuid(), ${organizationId}::uuid, ${assetId}::uuid, 'Repair ' || i,
        ${now}::timestamptz - interval '2 hours', now(), now(), 'Completed', ${now}::timestamptz - interval '1 hour'
      from generate_series(1, ${n}) as i
      returning id, asset_id, task_completed_at
    )
    insert into task_cost_lines (id, organization_id, event_id, asset_id, position, description, quantity,
      unit_cost_minor, total_minor, incurred_at)
    select gen_random_uuid(), ${organizationId}::uuid, id, asset_id, 1, 'Part', 1, ${minor}, ${minor},
      task_completed_at
    from made`);
}

describe('the cost and downtime of a big period', () => {
  it('is summed at most once a minute per organization and range, the backlog always afresh; a small period every time', async () => {
    const now = new Date('2026-10-01T12:00:00Z');
    const org = t.orgA.organization.id;
    const ask = (at: Date, organizationId = org) =>
      workAnalytics(
        t.db,
        { organizationId, timeZone: 'UTC', currency: 'EUR', rangeDays: 30, now: at },
        CACHE,
      );
    const press = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Costly press' });
    await costed(press.id, org, CACHE.minCompletions + 10, 100, now);
    const first = await ask(now);
    expect(first.totals.costMinor).toBe((CACHE.minCompletions + 10) * 100);

    await costed(press.id, org, 5, 1000, now);
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${press.id}/events`,
      headers: t.headers.adminA,
      payload: { title: 'Open task', startTask: false, priority: 'urgent' },
    });
    // Within the minute: the same sums; the new urgent task is in the backlog at once.
    const soon = await ask(new Date(now.getTime() + 30_000));
    expect(soon.totals.costMinor).toBe(first.totals.costMinor);
    expect(soon.backlog.find((row) => row.priority === 'urgent')?.week).toBe(1);
    // Past the minute, the last sums at once while one recount runs; then the new ones.
    const later = new Date(now.getTime() + 2 * CACHE.ttlMs);
    expect((await ask(later)).totals.costMinor).toBe(first.totals.costMinor);
    await vi.waitFor(async () =>
      expect((await ask(new Date(later.getTime() + 1))).totals.costMinor).toBe(first.totals.costMinor + 5000),
    );
    // Another organization's small period: its own sums, fresh each time.
    const boiler = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B boiler' });
    const orgB = t.orgB.organization.id;
    await costed(boiler.id, orgB, 2, 700, now);
    expect((await ask(now, orgB)).totals.costMinor).toBe(1400);
    await costed(boiler.id, orgB, 1, 700, now);
    expect((await ask(new Date(now.getTime() + 1000), orgB)).totals.costMinor).toBe(2100);
  });
});

/** `n` new requests on the asset, reported in the day before `now`. */
async function report(assetId: string, organizationId: string, n: number, now: Date) {
  await t.db.execute(sql`
    insert into requests (id, organization_id, asset_id, urgency, priority, description, reporter_language,
      token_hash, sender_hash, created_at)
    select gen_random_uuid(), ${organizationId}::uuid, ${assetId}::uuid, 'works', 0, 'Drips ' || i, 'en',
      md5(random()::text || i) || md5(i::text), md5('s' || i), ${now}::timestamptz - interval '1 hour'
    from generate_series(1, ${n}) as i`);
}

describe('the requests’ figures of a tenant with many requests', () => {
  it('are counted at most once a minute per organization and range, the last answer served meanwhile; a few requests every time', async () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const org = t.orgA.organization.id;
    const ask = async (at: Date, organizationId = org) => (await dashboardAt(organizationId, at)).requests;
    const tap = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Dripping tap' });
    await report(tap.id, org, CACHE.minCompletions + 10, now);
    const first = await ask(now);
    expect(first.waiting).toBeGreaterThanOrEqual(CACHE.minCompletions + 10);
    await report(tap.id, org, 5, now);
    // Within the minute: the same figures.
    expect(await ask(new Date(now.getTime() + 30_000))).toEqual(first);
    // Past the minute, the last figures at once while one recount runs; then the new ones.
    const later = new Date(now.getTime() + 2 * CACHE.ttlMs);
    expect(await ask(later)).toEqual(first);
    await vi.waitFor(async () =>
      expect((await ask(new Date(later.getTime() + 1))).waiting).toBe(first.waiting + 5),
    );
    // Another organization's few requests: counted afresh each time.
    const sink = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B sink' });
    const orgB = t.orgB.organization.id;
    await report(sink.id, orgB, 2, now);
    expect((await ask(now, orgB)).waiting).toBe(2);
    await report(sink.id, orgB, 1, now);
    expect((await ask(new Date(now.getTime() + 1000), orgB)).waiting).toBe(3);
  });
});
