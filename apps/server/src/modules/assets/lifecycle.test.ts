import { ASSET_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assetFieldValues,
  assets,
  eventChangeEntries,
  eventFieldValues,
  files,
  maintenanceEvents,
} from '#server/db/schema.ts';
import { auditEntriesOf, createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { stageUpload } from '#server/test/upload-fixtures.ts';
import { countAssetsOf } from './queries.ts';

const t = tenantWorld();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: AuthHeaders,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const retire = (headers: AuthHeaders, id: string) => call('POST', `/api/admin/assets/${id}/retire`, headers);
const restore = (headers: AuthHeaders, id: string) =>
  call('POST', `/api/admin/assets/${id}/restore`, headers);
const remove = (headers: AuthHeaders, id: string, confirmName: string) =>
  call('DELETE', `/api/admin/assets/${id}`, headers, { confirmName });
const addEvent = (headers: AuthHeaders, assetId: string, payload: object) =>
  call('POST', `/api/assets/${assetId}/events`, headers, payload);

/** An asset of organization A with one Completed event (a custom value, a change log line, a file). */
async function assetWithHistory(name = 'Chiller 3') {
  const asset = await createAssetViaApi(t.app, t.headers.memberA, { name });
  const field = await insertField(t.db, t.orgA.organization.id, {
    label: `Reading ${name}`,
    target: 'MaintenanceEvent',
  });
  const staged = await stageUpload(t.app, t.db, t.orgA.member);
  const created = await addEvent(t.headers.memberA, asset.id, {
    title: 'Inspection',
    fields: [{ fieldId: field.id, value: '42' }],
    files: [{ objectKey: staged.objectKey, fileName: 'report.pdf' }],
  });
  expect(created.statusCode).toBe(201);
  const event = created.json();
  const edited = await call('PUT', `/api/assets/${asset.id}/events/${event.id}`, t.headers.memberA, {
    title: 'Inspection (annual)',
    fields: [{ fieldId: field.id, value: '42' }],
    files: [{ objectKey: staged.objectKey, fileName: 'report.pdf' }],
  });
  expect(edited.statusCode).toBe(200);
  const completed = await call(
    'POST',
    `/api/assets/${asset.id}/events/${event.id}/complete`,
    t.headers.memberA,
  );
  expect(completed.statusCode).toBe(200);
  return { asset, event, objectKey: staged.objectKey };
}

describe('retiring and restoring an asset', () => {
  it('takes it out of the list and its count, keeps its pages, makes it read-only, and audits both ways', async () => {
    const { asset, event } = await assetWithHistory('Boiler to retire');
    const before = await countAssetsOf(t.db, t.orgA.organization.id);

    const retired = await retire(t.headers.adminA, asset.id);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retiredAt).toEqual(expect.any(String));
    expect(await countAssetsOf(t.db, t.orgA.organization.id)).toBe(before - 1);
    const list = await call('GET', '/api/assets?search=Boiler%20to%20retire', t.headers.memberA);
    expect(list.json()).toEqual([]);

    // The staff and public pages still answer, saying it is retired, with its history.
    const detail = (await call('GET', `/api/assets/${asset.id}`, t.headers.memberA)).json();
    expect(detail.retiredAt).toBe(retired.json().retiredAt);
    expect(detail.events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    const publicPage = await t.app.inject({
      method: 'GET',
      url: `/public/orgs/${t.orgA.organization.id}/assets/${asset.slug}`,
    });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.json()).toMatchObject({ retiredAt: retired.json().retiredAt, eventCount: 1 });

    // Read-only: no edit, no new event, no change to its events.
    const edit = await call('PUT', `/api/assets/${asset.id}`, t.headers.memberA, { name: 'Renamed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ASSET_MESSAGES.retired);
    const newEvent = await addEvent(t.headers.memberA, asset.id, { title: 'After retirement' });
    expect(newEvent.statusCode).toBe(409);
    const eventEdit = await call('PUT', `/api/assets/${asset.id}/events/${event.id}`, t.headers.adminA, {
      title: 'Changed',
    });
    expect(eventEdit.statusCode).toBe(409);
    const eventDelete = await call(
      'DELETE',
      `/api/admin/assets/${asset.id}/events/${event.id}`,
      t.headers.adminA,
    );
    expect(eventDelete.statusCode).toBe(409);
    expect((await retire(t.headers.adminA, asset.id)).json().message).toBe(ASSET_MESSAGES.alreadyRetired);

    const restored = await restore(t.headers.adminA, asset.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().retiredAt).toBeNull();
    expect(await countAssetsOf(t.db, t.orgA.organization.id)).toBe(before);
    expect((await restore(t.headers.adminA, asset.id)).json().message).toBe(ASSET_MESSAGES.notRetired);
    const renamed = await call('PUT', `/api/assets/${asset.id}`, t.headers.memberA, { name: 'Boiler back' });
    expect(renamed.statusCode).toBe(200);

    const actions = (await auditEntriesOf(t.db, t.orgA.organization.id, asset.id)).map((entry) => [
      entry.action,
      entry.changes,
    ]);
    expect(actions).toContainEqual([
      'RETIRE',
      JSON.stringify({ changes: { Status: { from: 'In service', to: 'Retired' } } }),
    ]);
    expect(actions).toContainEqual([
      'RESTORE',
      JSON.stringify({ changes: { Status: { from: 'Retired', to: 'In service' } } }),
    ]);
  });

  it('refuses an asset with open tasks until they are completed', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Busy pump' });
    const task = (await addEvent(t.headers.memberA, asset.id, { title: 'Replace seal' })).json();
    const refused = await retire(t.headers.adminA, asset.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSET_MESSAGES.openTasks);
    expect((await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).json().retiredAt).toBeNull();
    await call('POST', `/api/assets/${asset.id}/events/${task.id}/complete`, t.headers.memberA);
    expect((await retire(t.headers.adminA, asset.id)).statusCode).toBe(200);
  });

  it('is for administrators of the asset organization only', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Guarded' });
    expect((await retire(t.headers.memberA, asset.id)).statusCode).toBe(403);
    expect((await retire(t.headers.adminB, asset.id)).statusCode).toBe(404);
    expect((await retire(t.headers.adminA, 'not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).json().retiredAt).toBeNull();
    expect((await retire(t.headers.adminA, asset.id)).statusCode).toBe(200);
    expect((await restore(t.headers.memberA, asset.id)).statusCode).toBe(403);
    expect((await restore(t.headers.adminB, asset.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).json().retiredAt).not.toBeNull();
  });

  it('accepts no body, an empty body, null or {}', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Bodies' });
    const url = `/api/admin/assets/${asset.id}`;
    const json = { ...t.headers.adminA, 'content-type': 'application/json' };
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/retire`, headers: json, body: '' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/restore`, headers: json, body: 'null' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/retire`, headers: json, body: '{}' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/restore`, headers: json, body: '{' })).statusCode,
    ).toBe(400);
  });
});

describe('deleting an asset', () => {
  it('removes a retired asset, its values, events, change log and files, and leaves one DELETE entry', async () => {
    const { asset, event, objectKey } = await assetWithHistory('Scrapped compressor');
    const serial = await insertField(t.db, t.orgA.organization.id, { label: 'Serial for delete' });
    await call('PUT', `/api/assets/${asset.id}`, t.headers.memberA, {
      name: asset.name,
      fields: [{ fieldId: serial.id, value: 'SN-9' }],
    });
    expect(await t.app.storage.stat(objectKey)).toBeDefined();

    const notRetired = await remove(t.headers.adminA, asset.id, asset.name);
    expect(notRetired.statusCode).toBe(409);
    expect(notRetired.json().message).toBe(ASSET_MESSAGES.deleteNotRetired);
    await retire(t.headers.adminA, asset.id);
    const mistyped = await remove(t.headers.adminA, asset.id, 'Scrapped');
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().fields).toMatchObject([
      { path: 'confirmName', message: ASSET_MESSAGES.deleteConfirmMismatch },
    ]);
    expect((await remove(t.headers.memberA, asset.id, asset.name)).statusCode).toBe(403);
    expect((await remove(t.headers.adminB, asset.id, asset.name)).statusCode).toBe(404);
    expect((await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).statusCode).toBe(200);

    const deleted = await remove(t.headers.adminA, asset.id, `  ${asset.name} `);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).statusCode).toBe(404);
    const publicPage = await t.app.inject({
      method: 'GET',
      url: `/public/orgs/${t.orgA.organization.id}/assets/${asset.slug}`,
    });
    expect(publicPage.statusCode).toBe(404);
    for (const [table, column] of [
      [assetFieldValues, assetFieldValues.assetId],
      [maintenanceEvents, maintenanceEvents.assetId],
      [files, files.assetId],
    ] as const) {
      expect(await t.db.select().from(table).where(eq(column, asset.id))).toEqual([]);
    }
    expect(await t.db.select().from(eventFieldValues).where(eq(eventFieldValues.eventId, event.id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(eventChangeEntries).where(eq(eventChangeEntries.eventId, event.id)),
    ).toEqual([]);
    expect(await t.app.storage.stat(objectKey)).toBeUndefined();
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, asset.id);
    expect(entry).toMatchObject({ action: 'DELETE', entityType: 'Asset', entityName: asset.name });
    expect(JSON.parse(entry!.changes!)).toEqual({ deleted: true, slug: asset.slug, events: 1, files: 1 });
    expect((await remove(t.headers.adminA, asset.id, asset.name)).statusCode).toBe(404);
  });

  it('refuses a malformed body with 400 and writes nothing', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Kept' });
    await retire(t.headers.adminA, asset.id);
    for (const payload of [undefined, {}, { confirmName: 5 }, { confirmName: 'x'.repeat(400) }]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/assets/${asset.id}`,
        headers: t.headers.adminA,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.db.select().from(assets).where(eq(assets.id, asset.id))).toHaveLength(1);
  });
});

describe('deleting a maintenance event', () => {
  it('removes the event with its details and files, keeps the asset, audits it, and updates the counts', async () => {
    const { asset, event, objectKey } = await assetWithHistory('Fan with a mistake');
    const kept = (await addEvent(t.headers.memberA, asset.id, { title: 'Real one' })).json();
    expect(
      (await call('DELETE', `/api/admin/assets/${asset.id}/events/${event.id}`, t.headers.memberA))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/admin/assets/${asset.id}/events/${event.id}`, t.headers.adminB)).statusCode,
    ).toBe(404);
    const other = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Other asset' });
    expect(
      (await call('DELETE', `/api/admin/assets/${other.id}/events/${event.id}`, t.headers.adminA)).statusCode,
    ).toBe(404);

    const deleted = await call(
      'DELETE',
      `/api/admin/assets/${asset.id}/events/${event.id}`,
      t.headers.adminA,
    );
    expect(deleted.statusCode).toBe(204);
    const detail = (await call('GET', `/api/assets/${asset.id}`, t.headers.adminA)).json();
    expect(detail.events.map((e: { id: string }) => e.id)).toEqual([kept.id]);
    expect(detail.eventCount).toBe(1);
    expect(await t.db.select().from(eventFieldValues).where(eq(eventFieldValues.eventId, event.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect(await t.app.storage.stat(objectKey)).toBeUndefined();
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, event.id);
    expect(entry).toMatchObject({
      action: 'DELETE',
      entityType: 'MaintenanceEvent',
      entityName: 'Inspection (annual)',
    });
    expect(
      (await call('DELETE', `/api/admin/assets/${asset.id}/events/${event.id}`, t.headers.adminA)).statusCode,
    ).toBe(404);
  });

  it('takes a deleted open task off the pending list', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Pending by mistake' });
    const task = (await addEvent(t.headers.memberA, asset.id, { title: 'Typo task' })).json();
    const pendingIds = async () =>
      (await call('GET', '/api/tasks/pending?pageSize=100', t.headers.adminA))
        .json()
        .map((p: { eventId: string }) => p.eventId);
    expect(await pendingIds()).toContain(task.id);
    await call('DELETE', `/api/admin/assets/${asset.id}/events/${task.id}`, t.headers.adminA);
    expect(await pendingIds()).not.toContain(task.id);
  });
});
