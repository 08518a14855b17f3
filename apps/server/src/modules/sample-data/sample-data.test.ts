import type { TSampleDataStatus } from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assets,
  auditLogEntries,
  fieldDefinitions,
  files,
  maintenanceEvents,
  sampleRecords,
  schedules,
} from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pendingTasks } from '#server/test/schedule-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { SAMPLE_ASSET_COUNT, SAMPLE_FIELDS } from './sample-set.ts';

// ADR 097: "Add sample data" and "Remove sample data".

const t = tenantWorld();
const URL = '/api/admin/sample-data';

const call = (method: 'GET' | 'POST' | 'DELETE', headers: AuthHeaders) =>
  t.app.inject({ method, url: URL, headers, ...(method === 'GET' ? {} : { payload: {} }) });

async function status(headers: AuthHeaders): Promise<TSampleDataStatus> {
  const response = await call('GET', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const countOf = async (table: typeof assets | typeof schedules | typeof files, organizationId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.organizationId, organizationId))
  )[0]!.n;

const fieldKeys = async (organizationId: string) =>
  (
    await t.db
      .select({ key: fieldDefinitions.key })
      .from(fieldDefinitions)
      .where(eq(fieldDefinitions.organizationId, organizationId))
      .orderBy(fieldDefinitions.key)
  ).map((row) => row.key);

describe('sample data', () => {
  it('is for administrators only', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, t.headers.memberA)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect(await countOf(assets, t.orgA.organization.id)).toBe(0);
  });

  it('adds a small realistic site once, to the administrator’s organization only', async () => {
    const orgA = t.orgA.organization.id;
    expect(await status(t.headers.adminA)).toEqual({
      present: false,
      assets: 0,
      addedAt: null,
      organizationEmpty: true,
    });
    const added = await call('POST', t.headers.adminA);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ added: true, assets: SAMPLE_ASSET_COUNT, schedules: 9, files: 2 });
    expect(added.json().events).toBeGreaterThan(SAMPLE_ASSET_COUNT);
    expect(await status(t.headers.adminA)).toMatchObject({
      present: true,
      assets: SAMPLE_ASSET_COUNT,
      organizationEmpty: false,
    });
    expect(await fieldKeys(orgA)).toEqual(SAMPLE_FIELDS.map((field) => field.key).sort());

    // Typed values, history with documents in storage, and planned work due and overdue.
    const list = await t.app.inject({ url: '/api/assets?pageSize=50', headers: t.headers.memberA });
    expect(list.json()).toHaveLength(SAMPLE_ASSET_COUNT);
    const [document] = await t.db.select().from(files).where(eq(files.organizationId, orgA));
    expect(await t.app.storage.stat(document!.objectKey)).toBeDefined();
    const overdue = await pendingTasks(t.app, t.headers.memberA, '?due=overdue');
    const soon = await pendingTasks(t.app, t.headers.memberA, '?due=soon');
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    expect(soon.length).toBeGreaterThanOrEqual(2);
    const done = await t.db
      .select()
      .from(maintenanceEvents)
      .where(and(eq(maintenanceEvents.organizationId, orgA), eq(maintenanceEvents.taskStatus, 'Completed')));
    expect(done.every((event) => event.performedAt.getTime() === event.taskCompletedAt!.getTime())).toBe(
      true,
    );

    // Sent again (or twice at once): nothing more.
    const [again, atOnce] = await Promise.all([
      call('POST', t.headers.adminA),
      call('POST', t.headers.adminA),
    ]);
    expect([again.statusCode, atOnce.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual({ added: false, assets: 0, events: 0, schedules: 0, files: 0 });
    expect(await countOf(assets, orgA)).toBe(SAMPLE_ASSET_COUNT);

    // Organization B sees none of it.
    expect(await status(t.headers.adminB)).toMatchObject({ present: false, organizationEmpty: true });
    expect((await t.app.inject({ url: '/api/assets', headers: t.headers.memberB })).json()).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.organizationId, orgA), eq(auditLogEntries.entityType, 'Organization')));
    expect(audit.map((entry) => JSON.parse(entry.changes!))).toEqual([
      { changes: { 'Sample data': { from: null, to: `${SAMPLE_ASSET_COUNT} assets added` } } },
    ]);
  });

  it('removes all of it in one step when nobody changed it, files from storage too', async () => {
    const orgA = t.orgA.organization.id;
    const keys = (await t.db.select().from(files).where(eq(files.organizationId, orgA))).map(
      (f) => f.objectKey,
    );
    const removed = await call('DELETE', t.headers.adminA);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ removed: SAMPLE_ASSET_COUNT, kept: 0, fields: SAMPLE_FIELDS.length });
    expect(await countOf(assets, orgA)).toBe(0);
    expect(await countOf(schedules, orgA)).toBe(0);
    expect(await fieldKeys(orgA)).toEqual([]);
    for (const key of keys) expect(await t.app.storage.stat(key)).toBeUndefined();
    expect(await status(t.headers.adminA)).toEqual({
      present: false,
      assets: 0,
      addedAt: null,
      organizationEmpty: true,
    });
    expect(await t.db.select().from(sampleRecords).where(eq(sampleRecords.organizationId, orgA))).toEqual([]);
    // Nothing left to remove: nothing happens.
    expect((await call('DELETE', t.headers.adminA)).json()).toEqual({ removed: 0, kept: 0, fields: 0 });
  });

  it('keeps what people made: their assets, sample assets they changed, fields still in use, and other organizations', async () => {
    const orgA = t.orgA.organization.id;
    expect((await call('POST', t.headers.adminA)).statusCode).toBe(201);
    expect((await call('POST', t.headers.adminB)).statusCode).toBe(201);
    const ofB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B’s own boiler' });
    const list = (await t.app.inject({ url: '/api/assets?pageSize=50&sort=name', headers: t.headers.adminA }))
      .json()
      .map((asset: { id: string; name: string }) => asset);
    const [renamed, recorded] = list as { id: string; name: string }[];
    // A sample asset with work in progress, which someone completes: still the sample's.
    const [task] = await t.db
      .select()
      .from(maintenanceEvents)
      .where(
        and(
          eq(maintenanceEvents.organizationId, orgA),
          eq(maintenanceEvents.taskStatus, 'InProgress'),
          sql`${maintenanceEvents.assetId} not in (${renamed!.id}, ${recorded!.id})`,
        ),
      )
      .limit(1);
    const location = (
      await t.db.select().from(fieldDefinitions).where(eq(fieldDefinitions.organizationId, orgA))
    ).find((field) => field.key === 'location')!;
    const mine = await createAssetViaApi(t.app, t.headers.memberA, {
      name: 'My own pump',
      fields: [{ fieldId: location.id, value: 'Roof' }],
    });
    // A sample asset renamed, one with an event someone recorded, one whose sample task was completed.
    const detail = (
      await t.app.inject({ url: `/api/assets/${renamed!.id}`, headers: t.headers.memberA })
    ).json();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/assets/${renamed!.id}`,
      headers: t.headers.memberA,
      payload: {
        name: 'Renamed pump',
        fields: detail.fields.map((f: { fieldId: string; value: string }) => f),
      },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${recorded!.id}/events`,
      headers: t.headers.memberA,
      payload: { title: 'My own check' },
    });
    expect(event.statusCode).toBe(201);
    const complete = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${task!.assetId}/events/${task!.id}/complete`,
      headers: t.headers.memberA,
    });
    expect(complete.statusCode).toBe(200);

    const removed = await call('DELETE', t.headers.adminA);
    expect(removed.json()).toMatchObject({ removed: SAMPLE_ASSET_COUNT - 2, kept: 2 });
    const left = (
      await t.db
        .select({ name: assets.name })
        .from(assets)
        .where(eq(assets.organizationId, orgA))
        .orderBy(assets.name)
    ).map((row) => row.name);
    expect(left).toEqual(['My own pump', 'Renamed pump', recorded!.name].sort());
    expect(await fieldKeys(orgA)).toContain('location');
    const mineNow = (
      await t.app.inject({ url: `/api/assets/${mine.id}`, headers: t.headers.memberA })
    ).json();
    expect(mineNow.fields.find((f: { fieldId: string }) => f.fieldId === location.id)?.value).toBe('Roof');
    // What stayed is the organization's own now: nothing is sample any more.
    expect(await status(t.headers.adminA)).toMatchObject({ present: false, assets: 0 });

    // Organization B's sample and its own asset are untouched.
    expect(await status(t.headers.adminB)).toMatchObject({ present: true, assets: SAMPLE_ASSET_COUNT });
    expect(
      (await t.app.inject({ url: `/api/assets/${ofB.id}`, headers: t.headers.memberB })).statusCode,
    ).toBe(200);
  });
});
