import {
  ASSET_HIERARCHY_MESSAGES,
  ASSET_MESSAGES,
  addDays,
  localDate,
  OCCURRED_AT_MESSAGES,
  type TAsset,
  type TAssetComponents,
  type TAssetListItem,
  type TAssetMove,
  type TLocation,
  type TPublicAsset,
  type TPublicLocation,
} from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLogEntries, webhookDeliveries } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createLocationViaApi, expectRollupsCounted, insertTask } from '#server/test/location-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const w = tenantWorld({ webhooksAllowPrivateAddresses: true });
const today = () => localDate(new Date(), 'UTC');

let site: TLocation;
let hall: TLocation;
let room: TLocation;
let yard: TLocation;
let theirs: TLocation;

beforeAll(async () => {
  site = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Site' });
  hall = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Hall', parentId: site.id });
  room = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Room 5', parentId: hall.id });
  yard = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Yard' });
  theirs = await createLocationViaApi(w.app, w.headers.adminB, { name: 'Their site' });
});

const listOf = async (query: string, headers = w.headers.memberA) => {
  const response = await w.app.inject({ method: 'GET', url: `/api/assets?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json<TAssetListItem[]>(), total: response.headers['x-total-count'] };
};

describe('an asset’s location', () => {
  it('is set on create, shown with its path, and the list filters by a location with everything below it', async () => {
    const inRoom = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Chiller',
      locationId: room.id,
    });
    const inHall = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Crane', locationId: hall.id });
    const outside = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Trailer',
      locationId: yard.id,
    });
    const nowhere = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Ladder' });
    expect((inRoom as TAsset).location).toEqual({
      id: room.id,
      name: 'Room 5',
      path: 'Site / Hall / Room 5',
    });
    const atSite = await listOf(`location=${site.id}&sort=name`);
    expect(atSite.items.map((item) => [item.name, item.locationPath])).toEqual([
      ['Chiller', 'Site / Hall / Room 5'],
      ['Crane', 'Site / Hall'],
    ]);
    expect(atSite.total).toBe('2');
    expect((await listOf(`location=${room.id}`)).items.map((item) => item.id)).toEqual([inRoom.id]);
    expect((await listOf(`location=${yard.id}`)).items.map((item) => item.id)).toEqual([outside.id]);
    const unplaced = await listOf('location=none');
    expect(unplaced.items.map((item) => item.id)).toEqual([nowhere.id]);
    expect(unplaced.total).toBe('1');
    expect((await listOf(`location=${site.id}&search=crane`)).items.map((item) => item.id)).toEqual([
      inHall.id,
    ]);
    const refused = await w.app.inject({
      method: 'GET',
      url: '/api/assets?location=Site',
      headers: w.headers.memberA,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].path).toBe('location');
  });

  it('moves an asset: its history, a MOVE in the audit log, asset.moved to the webhooks, the counts follow', async () => {
    const org = w.orgA.organization.id;
    const endpoint = await w.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: w.headers.adminA,
      payload: { url: 'https://hooks.example.com/moves', events: ['asset.moved'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const boiler = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Boiler', locationId: room.id });
    await insertTask(w.db, { organizationId: org, assetId: boiler.id, dueOn: addDays(today(), -2) });
    const moved = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${boiler.id}/location`,
      headers: w.headers.memberA,
      payload: { locationId: yard.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TAsset>().location?.path).toBe('Yard');
    const history = await w.app.inject({
      method: 'GET',
      url: `/api/assets/${boiler.id}/moves`,
      headers: w.headers.memberA,
    });
    expect(history.json<TAssetMove[]>()).toEqual([
      expect.objectContaining({
        fromLocationId: room.id,
        fromPath: 'Site / Hall / Room 5',
        toLocationId: yard.id,
        toPath: 'Yard',
        movedBy: w.orgA.member.displayName,
      }),
    ]);
    const [audit] = await w.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, boiler.id), eq(auditLogEntries.action, 'MOVE')));
    expect(JSON.parse(audit!.changes!)).toEqual({
      changes: { location: { from: 'Site / Hall / Room 5', to: 'Yard' } },
    });
    const [delivery] = await w.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.organizationId, org), eq(webhookDeliveries.eventType, 'asset.moved')));
    expect(JSON.parse(delivery!.body).data).toMatchObject({
      assetId: boiler.id,
      fromLocationId: room.id,
      toLocationId: yard.id,
      toPath: 'Yard',
    });
    const yardCounts = await w.app.inject({
      method: 'GET',
      url: `/api/locations/${yard.id}`,
      headers: w.headers.memberA,
    });
    expect(yardCounts.json<TLocation>().counts.overdue).toBe(1);
    await expectRollupsCounted(w.db, org);
  });

  it('records a move made offline once, however often it is sent, at the time it was made (ADR 127)', async () => {
    const pump = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Sump pump',
      locationId: room.id,
    });
    const send = (key: string, payload: object) =>
      w.app.inject({
        method: 'POST',
        url: `/api/assets/${pump.id}/location`,
        headers: { ...w.headers.memberA, 'idempotency-key': key },
        payload,
      });
    const movesOf = async () =>
      (
        await w.app.inject({ method: 'GET', url: `/api/assets/${pump.id}/moves`, headers: w.headers.memberA })
      ).json<TAssetMove[]>();
    const madeAt = pump.createdAt;
    const first = await send('offline-move-1', { locationId: yard.id, occurredAt: madeAt });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('offline-move-1', { locationId: yard.id, occurredAt: madeAt });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<TAsset>().location?.id).toBe(yard.id);
    expect(await movesOf()).toEqual([
      expect.objectContaining({ toLocationId: yard.id, movedAt: madeAt, movedBy: w.orgA.member.displayName }),
    ]);
    const audits = await w.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, pump.id), eq(auditLogEntries.action, 'MOVE')));
    expect(audits.map((audit) => JSON.parse(audit.changes!))).toEqual([
      { changes: { location: { from: 'Site / Hall / Room 5', to: 'Yard' } }, occurredAt: madeAt },
    ]);

    // Someone moved it meanwhile: a move made offline before that is stamped at that move, and is the newest.
    const online = await send('online-move', { locationId: hall.id });
    expect(online.statusCode, online.body).toBe(200);
    const late = await send('offline-move-2', { locationId: room.id, occurredAt: madeAt });
    expect(late.statusCode, late.body).toBe(200);
    const [newest, meanwhile] = await movesOf();
    expect(newest).toMatchObject({ toLocationId: room.id, movedAt: meanwhile!.movedAt });
    expect(meanwhile).toMatchObject({ toLocationId: hall.id });

    // Refused with nothing written: a time ahead of the server, a location deleted meanwhile.
    const ahead = await send('offline-move-3', {
      locationId: yard.id,
      occurredAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(pathsAndMessages(ahead.json().fields)).toEqual([
      { path: 'occurredAt', message: OCCURRED_AT_MESSAGES.future },
    ]);
    const shed = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Shed' });
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/locations/${shed.id}`,
      headers: w.headers.adminA,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await send('offline-move-4', { locationId: shed.id, occurredAt: madeAt });
    expect(gone.statusCode).toBe(404);
    expect(pathsAndMessages(gone.json().fields).map(({ path }) => path)).toEqual(['locationId']);
    expect(await movesOf()).toHaveLength(3);
  });

  it('moves through the form and in bulk too, leaving retired assets and those already there', async () => {
    const org = w.orgA.organization.id;
    const a = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Compressor', locationId: hall.id });
    const b = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Generator' });
    const edited = await w.app.inject({
      method: 'PUT',
      url: `/api/assets/${b.id}`,
      headers: w.headers.memberA,
      payload: { name: 'Generator', locationId: room.id },
    });
    expect(edited.json<TAsset>().location?.id).toBe(room.id);
    const kept = await w.app.inject({
      method: 'PUT',
      url: `/api/assets/${b.id}`,
      headers: w.headers.memberA,
      payload: { name: 'Generator 2' },
    });
    expect(kept.json<TAsset>().location?.id).toBe(room.id);
    const bulk = await w.app.inject({
      method: 'POST',
      url: '/api/assets/bulk/location',
      headers: w.headers.memberA,
      payload: { assetIds: [a.id, b.id], locationId: room.id },
    });
    expect(bulk.json()).toEqual({ selected: 2, changed: 1 });
    const toNowhere = await w.app.inject({
      method: 'POST',
      url: '/api/assets/bulk/location',
      headers: w.headers.memberA,
      payload: { query: { location: room.id, search: 'compressor' }, locationId: null },
    });
    expect(toNowhere.json()).toEqual({ selected: 1, changed: 1 });
    await expectRollupsCounted(w.db, org);
  });

  it('counts a retired asset out, and refuses moving one', async () => {
    const org = w.orgA.organization.id;
    const old = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Old press', locationId: yard.id });
    const before = (
      await w.app.inject({ method: 'GET', url: `/api/locations/${yard.id}`, headers: w.headers.memberA })
    ).json<TLocation>().counts.assets;
    const retired = await w.app.inject({
      method: 'POST',
      url: `/api/admin/assets/${old.id}/retire`,
      headers: w.headers.adminA,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const after = (
      await w.app.inject({ method: 'GET', url: `/api/locations/${yard.id}`, headers: w.headers.memberA })
    ).json<TLocation>().counts.assets;
    expect(after).toBe(before - 1);
    const move = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${old.id}/location`,
      headers: w.headers.memberA,
      payload: { locationId: room.id },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(ASSET_MESSAGES.retired);
    await expectRollupsCounted(w.db, org);
  });
});

describe('components', () => {
  it('lists an asset’s components with their tasks and the roll-up of everything below it', async () => {
    const org = w.orgA.organization.id;
    const pump = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Pump' });
    const motor = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Motor',
      parentAssetId: pump.id,
    });
    const bearing = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Bearing',
      parentAssetId: motor.id,
    });
    await createAssetViaApi(w.app, w.headers.memberA, { name: 'Impeller', parentAssetId: pump.id });
    await insertTask(w.db, { organizationId: org, assetId: motor.id, dueOn: addDays(today(), -1) });
    await insertTask(w.db, { organizationId: org, assetId: bearing.id, dueOn: addDays(today(), 3) });
    await insertTask(w.db, { organizationId: org, assetId: pump.id });
    const response = await w.app.inject({
      method: 'GET',
      url: `/api/assets/${pump.id}/components`,
      headers: w.headers.memberA,
    });
    expect(response.statusCode, response.body).toBe(200);
    const components = response.json<TAssetComponents>();
    expect(
      components.items.map((c) => [c.name, c.openTasks, c.overdueTasks, c.componentCount, c.overdue]),
    ).toEqual([
      ['Impeller', 0, 0, 0, false],
      ['Motor', 1, 1, 1, true],
    ]);
    expect(components.rollup).toEqual({ components: 3, openTasks: 3, overdue: 1, dueSoon: 1 });
    const page = (
      await w.app.inject({ method: 'GET', url: `/api/assets/${bearing.id}`, headers: w.headers.memberA })
    ).json<TAsset>();
    expect(page.parentAsset).toEqual({ id: motor.id, name: 'Motor', slug: motor.slug });
    expect(
      (
        await w.app.inject({ method: 'GET', url: `/api/assets/${pump.id}`, headers: w.headers.memberA })
      ).json<TAsset>().componentCount,
    ).toBe(2);
  });

  it('refuses a cycle and a parent of another organization, naming the field and writing nothing', async () => {
    const top = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Panel' });
    const child = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Detector',
      parentAssetId: top.id,
    });
    const grandchild = await createAssetViaApi(w.app, w.headers.memberA, {
      name: 'Head',
      parentAssetId: child.id,
    });
    const foreign = await createAssetViaApi(w.app, w.headers.memberB, { name: 'Their panel' });
    const save = (id: string, payload: object) =>
      w.app.inject({ method: 'PUT', url: `/api/assets/${id}`, headers: w.headers.memberA, payload });
    for (const parentAssetId of [top.id, grandchild.id]) {
      const cycle = await save(top.id, { name: 'Panel', parentAssetId });
      expect(cycle.statusCode).toBe(400);
      expect(pathsAndMessages(cycle.json().fields)).toEqual([
        { path: 'parentAssetId', message: ASSET_HIERARCHY_MESSAGES.parentCycle },
      ]);
    }
    const elsewhere = await save(top.id, { name: 'Panel', parentAssetId: foreign.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().fields[0].path).toBe('parentAssetId');
    const create = await w.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: w.headers.memberA,
      payload: { name: 'Stray', parentAssetId: foreign.id },
    });
    expect(create.statusCode).toBe(404);
    const [row] = await w.db.select().from(assets).where(eq(assets.id, top.id));
    expect(row!.parentAssetId).toBeNull();
    const stray = await w.db.select().from(assets).where(eq(assets.name, 'Stray'));
    expect(stray).toEqual([]);
  });

  it('answers 404 for another organization’s asset on the components and moves routes', async () => {
    const foreign = await createAssetViaApi(w.app, w.headers.memberB, { name: 'Their pump' });
    for (const url of [`/api/assets/${foreign.id}/components`, `/api/assets/${foreign.id}/moves`]) {
      expect((await w.app.inject({ method: 'GET', url, headers: w.headers.memberA })).statusCode).toBe(404);
    }
    const move = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${foreign.id}/location`,
      headers: w.headers.memberA,
      payload: { locationId: null },
    });
    expect(move.statusCode).toBe(404);
    const mine = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Mine' });
    const intoTheirs = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${mine.id}/location`,
      headers: w.headers.memberA,
      payload: { locationId: theirs.id },
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect(intoTheirs.json().fields[0].path).toBe('locationId');
    const bulk = await w.app.inject({
      method: 'POST',
      url: '/api/assets/bulk/location',
      headers: w.headers.memberA,
      payload: { assetIds: [foreign.id], locationId: null },
    });
    expect(bulk.statusCode).toBe(404);
  });
});

describe('public pages', () => {
  const publicLocation = (orgId: string, slug: string) =>
    w.app.inject({ method: 'GET', url: `/public/orgs/${orgId}/locations/${slug}` });
  const settings = (payload: object) =>
    w.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: w.headers.adminA,
      payload,
    });

  it('shows a room’s assets and due states, and an asset’s location, only where the organization turns them on', async () => {
    const org = w.orgA.organization.id;
    const valve = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Valve', locationId: room.id });
    await insertTask(w.db, { organizationId: org, assetId: valve.id, dueOn: addDays(today(), -5) });
    const off = await publicLocation(org, hall.slug);
    expect(off.statusCode).toBe(404);
    expect(off.json().messageId).toBe('location.publicPageOff');
    const publicAsset = () =>
      w.app.inject({ method: 'GET', url: `/public/orgs/${org}/assets/${valve.slug}` });
    expect((await publicAsset()).json<TPublicAsset>().location).toBeNull();
    expect((await settings({ publicLocationPages: true, publicAssetLocation: true })).statusCode).toBe(200);
    const on = await publicLocation(org, hall.slug);
    expect(on.statusCode, on.body).toBe(200);
    const page = on.json<TPublicLocation>();
    expect(page).toMatchObject({ name: 'Hall', path: 'Site / Hall' });
    expect(page.assets).toContainEqual({
      name: 'Valve',
      slug: valve.slug,
      nextServiceDue: addDays(today(), -5),
      overdue: true,
    });
    expect(JSON.stringify(page)).not.toMatch(/"id"|locationId/);
    expect((await publicAsset()).json<TPublicAsset>().location).toEqual({
      name: 'Room 5',
      path: 'Site / Hall / Room 5',
    });
    expect((await publicLocation(w.orgB.organization.id, hall.slug)).statusCode).toBe(404);
    expect((await publicLocation(org, theirs.slug)).statusCode).toBe(404);
    await settings({ publicLocationPages: false, publicAssetLocation: false });
  });
});
