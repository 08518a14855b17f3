import {
  addDays,
  LOCATION_MAX_DEPTH,
  LOCATION_MESSAGES,
  localDate,
  type TLocation,
  type TLocationNode,
  type TLocationOption,
} from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetMoves, auditLogEntries, locations } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createLocationViaApi, expectRollupsCounted, insertTask } from '#server/test/location-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const w = tenantWorld();
const today = () => localDate(new Date(), 'UTC');

/** Plant A / Building 1 / Boiler room, and Plant A / Building 2, in organization A. */
let plant: TLocation;
let building1: TLocation;
let building2: TLocation;
let boilerRoom: TLocation;
/** A location of organization B. */
let otherOrgs: TLocation;

beforeAll(async () => {
  plant = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Plant A', address: '1 Mill Road' });
  building1 = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Building 1', parentId: plant.id });
  building2 = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Building 2', parentId: plant.id });
  boilerRoom = await createLocationViaApi(w.app, w.headers.adminA, {
    name: 'Boiler room',
    parentId: building1.id,
    code: 'B1-014',
  });
  otherOrgs = await createLocationViaApi(w.app, w.headers.adminB, { name: 'Depot' });
});

const get = (url: string, headers = w.headers.memberA) => w.app.inject({ method: 'GET', url, headers });

describe('the location tree', () => {
  it('answers a location with its full path, the locations above it and its QR code', async () => {
    const response = await get(`/api/locations/${boilerRoom.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TLocation>()).toMatchObject({
      name: 'Boiler room',
      code: 'B1-014',
      path: 'Plant A / Building 1 / Boiler room',
      depth: 3,
      parentId: building1.id,
      ancestors: [
        { id: plant.id, name: 'Plant A' },
        { id: building1.id, name: 'Building 1' },
      ],
      qrCodeUrl: `/api/locations/${boilerRoom.id}/qr.png`,
      publicUrl: expect.stringMatching(new RegExp(`/l/${w.orgA.organization.id}/boiler-room-[a-z0-9]{6}$`)),
    });
    const qr = await get(`/api/locations/${boilerRoom.id}/qr.png`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
  });

  it('lists one level at a time, by name, with how many locations are right below each', async () => {
    const top = await get('/api/locations');
    expect(top.json<TLocationNode[]>().map((node) => [node.name, node.childCount])).toEqual([['Plant A', 2]]);
    const below = await get(`/api/locations?parentId=${plant.id}`);
    expect(below.headers['x-total-count']).toBe('2');
    expect(below.json<TLocationNode[]>().map((node) => node.path)).toEqual([
      'Plant A / Building 1',
      'Plant A / Building 2',
    ]);
  });

  it('finds locations by words anywhere in their full path, the shallowest first', async () => {
    const search = async (q: string) =>
      (await get(`/api/locations/search?q=${encodeURIComponent(q)}`))
        .json<TLocationOption[]>()
        .map((o) => o.path);
    expect(await search('boil')).toEqual(['Plant A / Building 1 / Boiler room']);
    expect(await search('plant building')).toEqual([
      'Plant A / Building 1',
      'Plant A / Building 2',
      'Plant A / Building 1 / Boiler room',
    ]);
    expect(await search('plant a / boiler')).toEqual(['Plant A / Building 1 / Boiler room']);
    expect(await search('depot')).toEqual([]);
    expect(await search('100%')).toEqual([]);
  });

  it('renames a location and the paths below it follow; the same name again changes nothing', async () => {
    const renamed = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${building1.id}`,
      headers: w.headers.adminA,
      payload: { name: 'North building' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const room = (await get(`/api/locations/${boilerRoom.id}`)).json<TLocation>();
    expect(room.path).toBe('Plant A / North building / Boiler room');
    expect(room.code).toBe('B1-014');
    const back = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${building1.id}`,
      headers: w.headers.adminA,
      payload: { name: 'Building 1' },
    });
    expect(back.json<TLocation>().path).toBe('Plant A / Building 1');
    const audits = await w.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, building1.id), eq(auditLogEntries.action, 'UPDATE')));
    expect(audits).toHaveLength(2);
  });

  it('finds or creates the locations along a path: 201 when it made any, 200 when all were there', async () => {
    const made = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations/paths',
      headers: w.headers.adminA,
      payload: { path: 'plant a > Building 2 / Floor 3 / Room 5' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<TLocation>().path).toBe('Plant A / Building 2 / Floor 3 / Room 5');
    const again = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations/paths',
      headers: w.headers.adminA,
      payload: { path: 'Plant A/Building 2/Floor 3/Room 5' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<TLocation>().id).toBe(made.json<TLocation>().id);
  });
});

describe('counts rolled up the tree', () => {
  it('counts assets in service, open tasks, overdue and due soon at a location and every location above it', async () => {
    const org = w.orgA.organization.id;
    const pump = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Pump',
      locationId: boilerRoom.id,
    });
    const fan = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Fan', locationId: building2.id });
    await insertTask(w.db, { organizationId: org, assetId: pump.id, dueOn: addDays(today(), -3) });
    await insertTask(w.db, { organizationId: org, assetId: pump.id, dueOn: addDays(today(), 2) });
    await insertTask(w.db, { organizationId: org, assetId: fan.id });
    await insertTask(w.db, { organizationId: org, assetId: fan.id, status: 'Completed', dueOn: today() });
    const counts = async (id: string) => (await get(`/api/locations/${id}`)).json<TLocation>().counts;
    expect(await counts(boilerRoom.id)).toEqual({ assets: 1, openTasks: 2, overdue: 1, dueSoon: 1 });
    expect(await counts(building1.id)).toEqual({ assets: 1, openTasks: 2, overdue: 1, dueSoon: 1 });
    expect(await counts(plant.id)).toEqual({ assets: 2, openTasks: 3, overdue: 1, dueSoon: 1 });
    expect((await get(`/api/locations/${building2.id}`)).json<TLocation>().directAssets).toBe(1);
    const level = (await get(`/api/locations?parentId=${plant.id}`)).json<TLocationNode[]>();
    expect(level.map((node) => [node.name, node.counts.assets, node.counts.openTasks])).toEqual([
      ['Building 1', 1, 2],
      ['Building 2', 1, 1],
    ]);
    await expectRollupsCounted(w.db, org);
  });
});

describe('moving a location', () => {
  it('moves it with everything below it, and the counts follow', async () => {
    const org = w.orgA.organization.id;
    const site = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Plant B' });
    const moved = await w.app.inject({
      method: 'POST',
      url: `/api/admin/locations/${building1.id}/move`,
      headers: w.headers.adminA,
      payload: { parentId: site.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get(`/api/locations/${boilerRoom.id}`)).json<TLocation>().path).toBe(
      'Plant B / Building 1 / Boiler room',
    );
    expect((await get(`/api/locations/${site.id}`)).json<TLocation>().counts.assets).toBe(1);
    await expectRollupsCounted(w.db, org);
    const [audit] = await w.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, building1.id), eq(auditLogEntries.action, 'MOVE')));
    expect(JSON.parse(audit!.changes!)).toEqual({ changes: { parent: { from: 'Plant A', to: 'Plant B' } } });
    const home = await w.app.inject({
      method: 'POST',
      url: `/api/admin/locations/${building1.id}/move`,
      headers: w.headers.adminA,
      payload: { parentId: plant.id },
    });
    expect(home.json<TLocation>().path).toBe('Plant A / Building 1');
    await expectRollupsCounted(w.db, org);
  });

  it('refuses a move into itself or below itself, beside a namesake or past the depth: the field named, nothing written', async () => {
    const before = await w.db
      .select()
      .from(locations)
      .where(eq(locations.organizationId, w.orgA.organization.id));
    const move = (id: string, parentId: string | null) =>
      w.app.inject({
        method: 'POST',
        url: `/api/admin/locations/${id}/move`,
        headers: w.headers.adminA,
        payload: { parentId },
      });
    for (const target of [building1.id, boilerRoom.id]) {
      const cycle = await move(building1.id, target);
      expect(cycle.statusCode).toBe(400);
      expect(pathsAndMessages(cycle.json().fields)).toEqual([
        { path: 'parentId', message: LOCATION_MESSAGES.moveIntoItself },
      ]);
    }
    await createLocationViaApi(w.app, w.headers.adminA, { name: 'boiler ROOM', parentId: building2.id });
    const clash = await move(boilerRoom.id, building2.id);
    expect(clash.statusCode).toBe(409);
    expect(pathsAndMessages(clash.json().fields)).toEqual([
      { path: 'parentId', message: LOCATION_MESSAGES.nameTaken },
    ]);
    let deepest = boilerRoom;
    for (let depth = boilerRoom.depth; depth < LOCATION_MAX_DEPTH; depth++) {
      deepest = await createLocationViaApi(w.app, w.headers.adminA, {
        name: `Level ${depth + 1}`,
        parentId: deepest.id,
      });
    }
    const tooDeep = await move(building2.id, deepest.id);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().fields[0].path).toBe('parentId');
    const deeper = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: w.headers.adminA,
      payload: { name: 'Too deep', parentId: deepest.id },
    });
    expect(deeper.statusCode).toBe(400);
    expect(pathsAndMessages(deeper.json().fields)).toEqual([
      { path: 'parentId', message: LOCATION_MESSAGES.tooDeep },
    ]);
    const after = await w.db
      .select()
      .from(locations)
      .where(eq(locations.organizationId, w.orgA.organization.id));
    const unchanged = (rows: typeof before) =>
      rows
        .filter((row) => before.some((b) => b.id === row.id))
        .map(({ path, fullPath, parentId }) => ({ path, fullPath, parentId }));
    expect(unchanged(after)).toEqual(unchanged(before));
  });
});

describe('deleting a location', () => {
  it('asks where what it holds goes, refuses a destination inside it, then moves everything there', async () => {
    const org = w.orgA.organization.id;
    const store = await createLocationViaApi(w.app, w.headers.adminA, {
      name: 'Store',
      parentId: building2.id,
    });
    const shelf = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Shelf', parentId: store.id });
    const drill = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Drill', locationId: store.id });
    await insertTask(w.db, { organizationId: org, assetId: drill.id, dueOn: addDays(today(), -1) });
    const remove = (payload?: object) =>
      w.app.inject({
        method: 'DELETE',
        url: `/api/admin/locations/${store.id}`,
        headers: w.headers.adminA,
        ...(payload ? { payload } : {}),
      });
    const asked = await remove();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      messageId: 'location.destinationRequired',
      values: { assets: 1, locations: 1 },
      fields: [{ path: 'destinationId' }],
    });
    const inside = await remove({ destinationId: shelf.id });
    expect(inside.statusCode).toBe(400);
    expect(pathsAndMessages(inside.json().fields)).toEqual([
      { path: 'destinationId', message: LOCATION_MESSAGES.destinationInside },
    ]);
    const elsewhere = await remove({ destinationId: otherOrgs.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().fields[0].path).toBe('destinationId');
    const done = await remove({ destinationId: building1.id });
    expect(done.statusCode, done.body).toBe(204);
    expect((await get(`/api/locations/${shelf.id}`)).json<TLocation>().path).toBe(
      'Plant A / Building 1 / Shelf',
    );
    const asset = (await get(`/api/assets/${drill.id}`)).json();
    expect(asset.location).toEqual({ id: building1.id, name: 'Building 1', path: 'Plant A / Building 1' });
    const [move] = await w.db.select().from(assetMoves).where(eq(assetMoves.assetId, drill.id));
    expect(move).toMatchObject({
      fromLocationId: null,
      fromPath: 'Plant A / Building 2 / Store',
      toLocationId: building1.id,
      toPath: 'Plant A / Building 1',
    });
    expect((await get(`/api/locations/${store.id}`)).statusCode).toBe(404);
    await expectRollupsCounted(w.db, org);
  });

  it('deletes an empty location without a destination', async () => {
    const empty = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Empty' });
    const response = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/locations/${empty.id}`,
      headers: w.headers.adminA,
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('bad input', () => {
  const create = (payload: object) =>
    w.app.inject({ method: 'POST', url: '/api/admin/locations', headers: w.headers.adminA, payload });

  it('names the field and writes nothing', async () => {
    const count = async () =>
      (await w.db.select().from(locations).where(eq(locations.organizationId, w.orgA.organization.id)))
        .length;
    const before = await count();
    const cases: [object, number, string, string][] = [
      [{ name: 'x'.repeat(201) }, 400, 'name', LOCATION_MESSAGES.nameTooLong],
      [{ name: ' ' }, 400, 'name', LOCATION_MESSAGES.nameRequired],
      [{ name: 'Unit 3/4' }, 400, 'name', LOCATION_MESSAGES.nameSeparator],
      [{ name: 'Building 1', parentId: plant.id }, 409, 'name', LOCATION_MESSAGES.nameTaken],
      [{ name: 'Annex', parentId: otherOrgs.id }, 404, 'parentId', 'Location not found.'],
      [{ name: 'Annex', code: 'c'.repeat(51) }, 400, 'code', LOCATION_MESSAGES.codeTooLong],
    ];
    for (const [payload, status, path, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path, message }]);
    }
    for (const path of ['Plant A //Room', 'Plant A / ', '/Plant A']) {
      const response = await w.app.inject({
        method: 'POST',
        url: '/api/admin/locations/paths',
        headers: w.headers.adminA,
        payload: { path },
      });
      expect(response.statusCode).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([
        { path: 'path', message: LOCATION_MESSAGES.pathEmptySegment },
      ]);
    }
    const deep = Array.from({ length: 100_000 }, (_, index) => `L${index}`).join('/');
    const tooDeep = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations/paths',
      headers: w.headers.adminA,
      payload: { path: deep },
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().fields[0].path).toBe('path');
    expect(await count()).toBe(before);
  });
});

describe('access', () => {
  it('members read the tree but do not change it', async () => {
    expect((await get('/api/locations', w.headers.memberA)).statusCode).toBe(200);
    const refused = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: w.headers.memberA,
      payload: { name: 'Shed' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 for another organization’s location on every route', async () => {
    const id = otherOrgs.id;
    const asA = w.headers.adminA;
    const requests = [
      { method: 'GET', url: `/api/locations/${id}` },
      { method: 'GET', url: `/api/locations/${id}/qr.png` },
      { method: 'GET', url: `/api/locations?parentId=${id}` },
      { method: 'GET', url: `/api/assets?location=${id}` },
      { method: 'PUT', url: `/api/admin/locations/${id}`, payload: { name: 'Mine now' } },
      { method: 'POST', url: `/api/admin/locations/${id}/move`, payload: { parentId: null } },
      { method: 'POST', url: `/api/admin/locations/${plant.id}/move`, payload: { parentId: id } },
      { method: 'DELETE', url: `/api/admin/locations/${id}`, payload: { destinationId: null } },
      { method: 'POST', url: '/api/assets', payload: { name: 'Sneaky', locationId: id } },
    ] as const;
    for (const request of requests) {
      const response = await w.app.inject({ ...request, headers: asA });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const search = (await get('/api/locations/search?q=depot', asA)).json<TLocationOption[]>();
    expect(search).toEqual([]);
    const mine = await createAssetViaApi(w.app, asA, { name: 'Forklift' });
    const intoTheirs = await w.app.inject({
      method: 'PUT',
      url: `/api/assets/${mine.id}`,
      headers: asA,
      payload: { name: 'Forklift', locationId: id },
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(intoTheirs.json().fields[0].path).toBe('locationId');
    // A path names the organization's own locations: B's "Depot" is not found, A gets one of its own.
    const path = await w.app.inject({
      method: 'POST',
      url: '/api/admin/locations/paths',
      headers: asA,
      payload: { path: 'Depot / Shed' },
    });
    expect(path.statusCode).toBe(201);
    expect(path.json<TLocation>().ancestors[0]!.id).not.toBe(id);
    const theirs = await get(`/api/locations/${id}`, w.headers.memberB);
    expect(theirs.json<TLocation>().name).toBe('Depot');
  });
});
