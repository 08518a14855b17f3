import { EVENT_PAGE_SIZE } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assetEventCounts, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

// The asset page's count of events is kept by the events' trigger (ADR 107): it must say what
// counting the events says, whoever writes them (one statement for many assets, the API, deletions).
const t = tenantWorld();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function countedEvents(assetId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(maintenanceEvents)
    .where(eq(maintenanceEvents.assetId, assetId));
  return row!.n;
}

async function shownCounts(asset: { id: string; slug: string; organizationId: string }) {
  const detail = await call('GET', `/api/assets/${asset.id}`, t.headers.memberA);
  const publicPage = await t.app.inject({ url: `/public/orgs/${asset.organizationId}/assets/${asset.slug}` });
  expect(detail.statusCode).toBe(200);
  expect(publicPage.statusCode).toBe(200);
  return { detail: detail.json().eventCount, public: publicPage.json().eventCount };
}

describe("an asset's count of events", () => {
  it('follows a write of many assets at once, events added and deleted through the API, and is gone with its asset', async () => {
    const boiler = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Counted boiler' });
    const pump = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Counted pump' });
    const quiet = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Quiet valve' });
    // One statement, two assets: more than a page on one, a few on the other.
    const rows = [
      ...Array.from({ length: EVENT_PAGE_SIZE + 7 }, (_, i) => ({
        assetId: boiler.id,
        title: `Boiler ${i}`,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({ assetId: pump.id, title: `Pump ${i}` })),
    ].map((row) => ({
      ...row,
      organizationId: boiler.organizationId,
      // Done work: an asset with open tasks cannot be deleted.
      taskStatus: 'Completed' as const,
      taskCompletedAt: new Date(),
    }));
    await t.db.insert(maintenanceEvents).values(rows);
    expect(await shownCounts(boiler)).toEqual({ detail: EVENT_PAGE_SIZE + 7, public: EVENT_PAGE_SIZE + 7 });
    expect(await shownCounts(pump)).toEqual({ detail: 3, public: 3 });
    expect(await shownCounts(quiet)).toEqual({ detail: 0, public: 0 });

    const added = await call('POST', `/api/assets/${pump.id}/events`, t.headers.memberA, { title: 'Seal' });
    expect(added.statusCode).toBe(201);
    expect(await shownCounts(pump)).toEqual({ detail: 4, public: 4 });
    const deleted = await call(
      'DELETE',
      `/api/admin/assets/${pump.id}/events/${added.json().id}`,
      t.headers.adminA,
    );
    expect(deleted.statusCode).toBe(204);
    await t.db.delete(maintenanceEvents).where(eq(maintenanceEvents.title, 'Boiler 0'));
    expect(await shownCounts(pump)).toEqual({ detail: 3, public: 3 });
    expect(await shownCounts(boiler)).toEqual({
      detail: await countedEvents(boiler.id),
      public: EVENT_PAGE_SIZE + 6,
    });

    expect((await call('POST', `/api/admin/assets/${pump.id}/retire`, t.headers.adminA)).statusCode).toBe(
      200,
    );
    const removed = await call('DELETE', `/api/admin/assets/${pump.id}`, t.headers.adminA, {
      confirmName: pump.name,
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(assetEventCounts).where(eq(assetEventCounts.assetId, pump.id))).toEqual(
      [],
    );
    expect(await shownCounts(boiler)).toEqual({ detail: EVENT_PAGE_SIZE + 6, public: EVENT_PAGE_SIZE + 6 });
  });
});
