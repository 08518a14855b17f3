import {
  EVENT_PAGE_SIZE,
  type TEventPage,
  type TMaintenanceEvent,
  type TPublicEventPage,
} from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// An asset with a long history: 45 events, newest first on every page, never one twice or missing.
const EVENTS = 45;
const t = tenantWorld();
let asset: { id: string; slug: string; organizationId: string };
/** Titles newest first: "Event 45" ... "Event 1". Events 30 and 31 share their performedAt. */
let expectedOrder: string[];

beforeAll(async () => {
  asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Long history pump' });
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: EVENTS }, (_, index) => {
    const n = index + 1;
    const at = new Date(base + (n === 31 ? 30 : n) * 3_600_000);
    return {
      organizationId: asset.organizationId,
      assetId: asset.id,
      title: `Event ${n}`,
      performedAt: at,
      createdAt: at,
    };
  });
  const inserted = await t.db.insert(maintenanceEvents).values(rows).returning();
  const byTitle = new Map(inserted.map((row) => [row.title, row]));
  // Same performedAt: the larger id comes first.
  const [e30, e31] = [byTitle.get('Event 30')!, byTitle.get('Event 31')!];
  const tie = e30.id > e31.id ? ['Event 30', 'Event 31'] : ['Event 31', 'Event 30'];
  expectedOrder = [];
  for (let n = EVENTS; n >= 1; n--) if (n !== 30 && n !== 31) expectedOrder.push(`Event ${n}`);
  expectedOrder.splice(expectedOrder.indexOf('Event 29'), 0, ...tie);
  await t.db.insert(files).values({
    organizationId: asset.organizationId,
    assetId: asset.id,
    eventId: byTitle.get('Event 2')!.id,
    objectKey: `${asset.organizationId}/old-report.pdf`,
    fileName: 'old-report.pdf',
    contentType: 'application/pdf',
    size: 10,
  });
});

const titles = (events: { title: string }[]) => events.map((event) => event.title);

describe('an asset with a long history', () => {
  it('answers the newest page with the detail, then the older ones in order, each event once', async () => {
    const detail = await t.app.inject({ url: `/api/assets/${asset.id}`, headers: t.headers.memberA });
    expect(detail.statusCode).toBe(200);
    const first = detail.json();
    expect(first.eventCount).toBe(EVENTS);
    expect(first.events).toHaveLength(EVENT_PAGE_SIZE);
    // Only the files of the events shown: the old report is on a later page.
    expect(first.files).toEqual([]);

    const seen: TMaintenanceEvent[] = [...first.events];
    let after: string | null = first.eventsNextAfter;
    const pageSizes: number[] = [];
    while (after) {
      const response = await t.app.inject({
        url: `/api/assets/${asset.id}/events?after=${after}`,
        headers: t.headers.memberA,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<TEventPage>();
      pageSizes.push(page.events.length);
      seen.push(...page.events);
      after = page.nextAfter;
    }
    expect(pageSizes).toEqual([EVENT_PAGE_SIZE, EVENTS - 2 * EVENT_PAGE_SIZE]);
    expect(titles(seen)).toEqual(expectedOrder);
    expect(seen.find((event) => event.title === 'Event 2')?.files.map((file) => file.fileName)).toEqual([
      'old-report.pdf',
    ]);
  });

  it('pages the public history the same way, by slug, without sign-in', async () => {
    const base = `/public/orgs/${asset.organizationId}/assets/${asset.slug}`;
    const first = (await t.app.inject({ url: base })).json();
    expect(first.eventCount).toBe(EVENTS);
    const seen = [...first.events];
    let after: string | null = first.eventsNextAfter;
    while (after) {
      const page = (await t.app.inject({ url: `${base}/events?after=${after}` })).json<TPublicEventPage>();
      seen.push(...page.events);
      after = page.nextAfter;
    }
    expect(titles(seen)).toEqual(expectedOrder);
    expect(seen[0]).not.toHaveProperty('id');
  });

  it('answers 400 for an `after` that is not an event id, and an empty page for one of another asset', async () => {
    const bad = await t.app.inject({
      url: `/api/assets/${asset.id}/events?after=abc`,
      headers: t.headers.adminA,
    });
    expect(bad.statusCode).toBe(400);
    const other = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Other' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${other.id}/events`,
      headers: t.headers.adminA,
      payload: { title: 'Elsewhere' },
    });
    const page = await t.app.inject({
      url: `/api/assets/${asset.id}/events?after=${foreign.json().id}`,
      headers: t.headers.adminA,
    });
    expect(page.json()).toEqual({ events: [], nextAfter: null });
  });

  it("answers 404 to another organization, staff or public, and never shows A's events", async () => {
    const staff = await t.app.inject({ url: `/api/assets/${asset.id}/events`, headers: t.headers.adminB });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe('Asset not found.');
    const wrongOrganization = await t.app.inject({
      url: `/public/orgs/${t.orgB.organization.id}/assets/${asset.slug}/events`,
    });
    expect(wrongOrganization.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/assets/${asset.id}/events` });
    expect(anonymous.statusCode).toBe(401);
  });
});
