import { ASSET_SELECTION_MESSAGES, BULK_MESSAGES } from '@mqr/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLogEntries, files, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { stageUpload } from '#server/test/upload-fixtures.ts';

const t = tenantWorld();

const post = (url: string, payload: Record<string, unknown>, headers: AuthHeaders = t.headers.adminA) =>
  t.app.inject({ method: 'POST', url: `/api/admin/assets/bulk/${url}`, headers, payload });

/** Assets of organization A by name, made (and retired when asked) for one test. */
async function makeAssets(names: string[], retired = true): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const name of names) {
    ids[name] = (await createAssetViaApi(t.app, t.headers.adminA, { name })).id;
    if (retired) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/assets/${ids[name]}/retire`,
        headers: t.headers.adminA,
      });
      expect(response.statusCode).toBe(200);
    }
  }
  return ids;
}

const retiredOf = async (ids: Record<string, string>) =>
  Object.fromEntries(
    (
      await t.db
        .select({ name: assets.name, retiredAt: assets.retiredAt })
        .from(assets)
        .where(inArray(assets.id, Object.values(ids)))
    ).map((row) => [row.name, row.retiredAt !== null]),
  );

const existing = async (ids: Record<string, string>) =>
  (
    await t.db
      .select({ name: assets.name })
      .from(assets)
      .where(inArray(assets.id, Object.values(ids)))
      .orderBy(assets.name)
  ).map((row) => row.name);

const auditCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogEntries))[0]!.n;

let ofB: string;
beforeAll(async () => {
  ofB = (await createAssetViaApi(t.app, t.headers.adminB, { name: 'Boiler of B' })).id;
  await t.app.inject({ method: 'POST', url: `/api/admin/assets/${ofB}/retire`, headers: t.headers.adminB });
});

describe('POST /api/admin/assets/bulk/restore', () => {
  it('puts the ticked retired assets back in service, an audit entry each, and nothing more when sent again', async () => {
    const ids = await makeAssets(['Press 1', 'Press 2']);
    const inService = await makeAssets(['Press 3'], false);
    const selection = [ids['Press 1']!, ids['Press 2']!, inService['Press 3']!];
    expect((await post('restore', { assetIds: selection }, t.headers.memberA)).statusCode).toBe(403);
    const response = await post('restore', { assetIds: selection });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ selected: 3, changed: 2 });
    expect(await retiredOf({ ...ids, ...inService })).toEqual({
      'Press 1': false,
      'Press 2': false,
      'Press 3': false,
    });
    const entries = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(inArray(auditLogEntries.entityId, selection), eq(auditLogEntries.action, 'RESTORE')));
    expect(entries.map((entry) => entry.entityName).sort()).toEqual(['Press 1', 'Press 2']);
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: { Status: { from: 'Retired', to: 'In service' } },
    });
    const before = await auditCount();
    expect((await post('restore', { assetIds: selection })).json()).toEqual({ selected: 3, changed: 0 });
    expect(await auditCount()).toBe(before);
  });

  it('restores every asset the retired list shows for a query, never another organization’s', async () => {
    const ids = await makeAssets(['Lathe 1', 'Lathe 2']);
    const mixed = await post('restore', { assetIds: [ids['Lathe 1']!, ofB] });
    expect(mixed.statusCode).toBe(404);
    expect(await retiredOf(ids)).toEqual({ 'Lathe 1': true, 'Lathe 2': true });
    const fromB = await post('restore', { query: { status: 'retired', search: 'lathe' } }, t.headers.adminB);
    expect(fromB.json().message).toBe(ASSET_SELECTION_MESSAGES.noneFound);
    const byQuery = await post('restore', { query: { status: 'retired', search: 'lathe' } });
    expect(byQuery.json()).toEqual({ selected: 2, changed: 2 });
    expect(await retiredOf(ids)).toEqual({ 'Lathe 1': false, 'Lathe 2': false });
    expect(await retiredOf({ B: ofB })).toEqual({ 'Boiler of B': true });
  });
});

describe('POST /api/admin/assets/bulk/delete', () => {
  it('checks the typed count, retirement and organization before deleting anything', async () => {
    const ids = await makeAssets(['Kiln 1', 'Kiln 2']);
    const inService = await makeAssets(['Kiln 3'], false);
    const both = { ...ids, ...inService };
    const before = await auditCount();
    const cases: [Record<string, unknown>, AuthHeaders, number, string][] = [
      [
        { assetIds: Object.values(ids), confirmCount: 3 },
        t.headers.adminA,
        400,
        BULK_MESSAGES.deleteCountMismatch(2),
      ],
      [{ assetIds: Object.values(ids) }, t.headers.adminA, 400, BULK_MESSAGES.deleteCountInvalid],
      [
        { assetIds: Object.values(ids), confirmCount: '2' },
        t.headers.adminA,
        400,
        BULK_MESSAGES.deleteCountInvalid,
      ],
      [
        { assetIds: Object.values(both), confirmCount: 3 },
        t.headers.adminA,
        409,
        BULK_MESSAGES.deleteNotRetired(1),
      ],
      [
        { assetIds: [...Object.values(ids), ofB], confirmCount: 3 },
        t.headers.adminA,
        404,
        'Asset not found.',
      ],
      [
        { assetIds: Object.values(ids), confirmCount: 2 },
        t.headers.memberA,
        403,
        'You do not have permission to do this.',
      ],
      [{ assetIds: Object.values(ids), confirmCount: 2 }, t.headers.adminB, 404, 'Asset not found.'],
    ];
    for (const [payload, headers, status, message] of cases) {
      const response = await post('delete', payload, headers);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      const body = response.json();
      expect(body.fields?.[0]?.message ?? body.message).toBe(message);
    }
    expect(await existing(both)).toEqual(['Kiln 1', 'Kiln 2', 'Kiln 3']);
    expect(await existing({ B: ofB })).toEqual(['Boiler of B']);
    expect(await auditCount()).toBe(before);
  });

  it('deletes the retired assets with their history and files, a DELETE entry each', async () => {
    const ids = await makeAssets(['Mixer 1', 'Mixer 2'], false);
    const staged = await stageUpload(t.app, t.db, t.orgA.member);
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${ids['Mixer 1']}/events`,
      headers: t.headers.memberA,
      payload: {
        title: 'Belt',
        startTask: true,
        files: [{ objectKey: staged.objectKey, fileName: 'belt.pdf' }],
      },
    });
    expect(event.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${ids['Mixer 1']}/events/${event.json().id}/complete`,
      headers: t.headers.memberA,
    });
    for (const id of Object.values(ids)) {
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/assets/${id}/retire`,
        headers: t.headers.adminA,
      });
    }
    expect(await t.app.storage.stat(staged.objectKey)).toBeDefined();

    const response = await post('delete', { query: { status: 'retired', search: 'mixer' }, confirmCount: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ selected: 2, changed: 2 });
    expect(await existing(ids)).toEqual([]);
    expect(
      await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.assetId, ids['Mixer 1']!)),
    ).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.assetId, ids['Mixer 1']!))).toEqual([]);
    expect(await t.app.storage.stat(staged.objectKey)).toBeUndefined();
    const entries = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(inArray(auditLogEntries.entityId, Object.values(ids)), eq(auditLogEntries.action, 'DELETE')))
      .orderBy(auditLogEntries.entityName);
    expect(entries.map((entry) => [entry.entityName, JSON.parse(entry.changes!)])).toEqual([
      ['Mixer 1', { deleted: true, slug: expect.any(String), events: 1, files: 1 }],
      ['Mixer 2', { deleted: true, slug: expect.any(String), events: 0, files: 0 }],
    ]);
    const again = await post('delete', { assetIds: Object.values(ids), confirmCount: 2 });
    expect(again.statusCode).toBe(404);
  });
});
