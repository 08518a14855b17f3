import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { BUSIEST_ASSETS_CACHE, dashboardAnalytics } from './service.ts';

// The production threshold is 5,000 completions; the same rule on a smaller window keeps the test quick.
const CACHE = { ...BUSIEST_ASSETS_CACHE, minCompletions: 200 };

const t = tenantWorld();

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
    const ask = (at: Date) =>
      dashboardAnalytics(
        t.db,
        {
          organizationId: org,
          rangeDays: 30,
          turnaroundDays: 14,
          timeZone: 'UTC',
          organizationTimeZone: 'UTC',
          now: at,
        },
        CACHE,
      );
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
    const b = await dashboardAnalytics(
      t.db,
      {
        organizationId: t.orgB.organization.id,
        rangeDays: 30,
        turnaroundDays: 14,
        timeZone: 'UTC',
        organizationTimeZone: 'UTC',
        now,
      },
      CACHE,
    );
    expect(b.turnaroundMetrics.map((metric) => metric.label)).toEqual(['Overall', 'B boiler']);
  });
});
