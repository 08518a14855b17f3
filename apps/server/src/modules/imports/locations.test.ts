import { readFileSync } from 'node:fs';
import {
  ASSET_HIERARCHY_MESSAGES,
  IMPORT_MESSAGES,
  LOCATION_MESSAGES,
  type TAssetMove,
  type TImportColumnTarget,
  type TImportProblem,
  type TImportRun,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assets,
  auditLogEntries,
  importRuns,
  locations,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { assetImport } from './asset-import.ts';
import { findImportRows, findImportRun } from './queries.ts';
import { COMMIT_CHUNK_ROWS, planOf, runImportCommit, storedFile } from './service.ts';

// The asset import's Location and Parent asset columns (docs/product/imports.md#locations-and-parent-assets).
const t = tenantWorld();
const { get, post, upload, uploaded, map, checked, committed } = importClient(() => t.app);

type Headers = Record<string, string>;

const peerFile = (name: string) => readFileSync(new URL(`../../test/peer-files/${name}`, import.meta.url));

async function freshOrganization(language?: 'de' | 'fr' | 'es') {
  const organization = await createOrganization(t.db);
  const admin = await createUser(t.db, organization.id, { isAdmin: true });
  if (language) await t.db.update(users).set({ language }).where(eq(users.id, admin.id));
  const { headers } = await loginAs(t.app, admin);
  return { organizationId: organization.id, headers, name: admin.displayName };
}

/** Uploads a file, maps it (the proposal, changed by `mapping`) and checks it. */
async function checkFile(
  headers: Headers,
  file: Buffer | string,
  mapping?: (proposed: TImportColumnTarget[]) => TImportColumnTarget[],
): Promise<TImportRun> {
  const run = await uploaded(headers, file);
  if (mapping) {
    const response = await map(headers, run.id, mapping(run.mapping), run.matchBy ?? undefined);
    expect(response.statusCode, response.body).toBe(200);
  }
  return checked(headers, run.id);
}

const problemsOf = async (headers: Headers, id: string): Promise<TImportProblem[]> =>
  (await get(headers, `/api/admin/imports/${id}/problems`)).json();

/** The organization's locations' full paths, sorted. */
async function pathsOf(organizationId: string): Promise<string[]> {
  const rows = await t.db
    .select({ fullPath: locations.fullPath })
    .from(locations)
    .where(eq(locations.organizationId, organizationId));
  return rows.map((row) => row.fullPath).sort();
}

/** Each asset's name → its location's full path (or null), and its parent's name. */
async function placesOf(organizationId: string) {
  const rows = await t.db
    .select({
      id: assets.id,
      name: assets.name,
      locationId: assets.locationId,
      parentId: assets.parentAssetId,
    })
    .from(assets)
    .where(eq(assets.organizationId, organizationId))
    .orderBy(asc(assets.name));
  const paths = new Map(
    (await t.db.select().from(locations).where(eq(locations.organizationId, organizationId))).map((l) => [
      l.id,
      l.fullPath,
    ]),
  );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      {
        location: row.locationId ? paths.get(row.locationId) : null,
        parent: row.parentId ? names.get(row.parentId) : null,
      },
    ]),
  );
}

const createPath = async (headers: Headers, path: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/locations/paths',
    headers,
    payload: { path },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
};

describe('the location column', () => {
  it("lists HomeBox's paths in the check, creates them in the commit, and a second import finds them", async () => {
    const { organizationId, headers } = await freshOrganization();
    const file = peerFile('homebox-types.csv');
    const run = await checkFile(headers, file);
    expect(run.mapping[2]).toEqual({ kind: 'location' });
    expect(run).toMatchObject({ problemCount: 0, planned: { create: 3, newLocationCount: 5 } });
    expect(run.planned?.newLocations).toEqual([
      'Path',
      'Path / To',
      'Path / To / Location 1',
      'Path / To / Location 2',
      'Path / To / Location 3',
    ]);
    expect(await pathsOf(organizationId)).toEqual([]);
    expect(await committed(headers, run.id)).toMatchObject({ status: 'Done', createdCount: 3 });
    expect(await pathsOf(organizationId)).toEqual(run.planned?.newLocations);
    expect(await placesOf(organizationId)).toMatchObject({
      'Item 1': { location: 'Path / To / Location 1' },
      'Item 2': { location: 'Path / To / Location 2' },
      'Item 3': { location: 'Path / To / Location 3' },
    });

    const again = await checkFile(headers, file);
    expect(again.planned).toEqual({
      create: 0,
      update: 0,
      unchanged: 3,
      newLocations: [],
      newLocationCount: 0,
    });
    await committed(headers, again.id);
    expect(await pathsOf(organizationId)).toHaveLength(5);
  });

  it('reads / and > alike, matches each level whatever its case, and uses a location that exists', async () => {
    const { organizationId, headers } = await freshOrganization();
    await createPath(headers, 'Plant A / Building 2');
    const file = [
      'Name,Location',
      'Boiler,PLANT A > building 2 > Boiler room',
      'Pump,plant a/Building 2/boiler ROOM',
      'Fan,Plant A / Building 2',
      'Desk,',
    ].join('\n');
    const run = await checkFile(headers, file);
    expect(run.planned).toMatchObject({
      newLocationCount: 1,
      newLocations: ['PLANT A / building 2 / Boiler room'],
    });
    await committed(headers, run.id);
    expect(await pathsOf(organizationId)).toEqual([
      'Plant A',
      'Plant A / Building 2',
      'Plant A / Building 2 / Boiler room',
    ]);
    expect(await placesOf(organizationId)).toEqual({
      Boiler: { location: 'Plant A / Building 2 / Boiler room', parent: null },
      Desk: { location: null, parent: null },
      Fan: { location: 'Plant A / Building 2', parent: null },
      Pump: { location: 'Plant A / Building 2 / Boiler room', parent: null },
    });
  });

  it("takes Snipe-IT's flat location names as locations at the top", async () => {
    const { organizationId, headers } = await freshOrganization();
    const run = await checkFile(headers, peerFile('snipeit-assets-sample.csv'));
    expect(run).toMatchObject({ format: 'Snipe-IT', problemCount: 0 });
    expect(run.mapping[6]).toEqual({ kind: 'location' });
    await committed(headers, run.id);
    const paths = await pathsOf(organizationId);
    expect(paths.length).toBe(run.planned?.newLocationCount);
    expect(paths).toContain('Wilkinson, Waters and Kerluke');
    expect(paths.every((path) => !path.includes(' / '))).toBe(true);
    expect((await placesOf(organizationId)).Backhoe?.location).toBeTruthy();
  });

  it('a commit run again over the same rows finds the locations it made instead of making them twice', async () => {
    const { organizationId, headers } = await freshOrganization();
    const run = await checkFile(headers, 'Name,External ID,Location\nBoiler,B-1,Plant A / Room 5\n');
    expect(run.planned?.newLocationCount).toBe(2);
    await t.db.update(importRuns).set({ status: 'Importing', rowsDone: 0 }).where(eq(importRuns.id, run.id));
    const stored = (await findImportRun(t.db, organizationId, run.id))!;
    const plan = await planOf(t.db, stored);
    const rows = [{ rowNumber: 1, sheetRow: 2, cells: ['Boiler', 'B-1', 'Plant A / Room 5'] }];
    const file = storedFile(t.db, stored);
    await assetImport.commitChunk(t.db, stored, plan, null, rows, new Date(), file);
    await assetImport.commitChunk(t.db, stored, plan, null, rows, new Date(), file);
    expect(await pathsOf(organizationId)).toEqual(['Plant A', 'Plant A / Room 5']);
    expect(await placesOf(organizationId)).toEqual({
      Boiler: { location: 'Plant A / Room 5', parent: null },
    });
  });

  it('names the row and column of each bad path, and writes nothing', async () => {
    const { organizationId, headers } = await freshOrganization();
    const deep = Array.from({ length: 17 }, (_, i) => `L${i}`).join(' / ');
    const thousands = Array.from({ length: 4000 }, () => 'a').join('>');
    const file = stringify([
      ['Name', 'Location'],
      ['Empty level', 'Plant A //Room 5'],
      ['Trailing', 'Plant A /'],
      ['Long name', `Plant A / ${'x'.repeat(201)}`],
      ['Too deep', deep],
      ['Far too deep', thousands],
      ['Fine', 'Plant A / Room 6'],
    ]);
    const run = await checkFile(headers, file);
    expect(run.problemCount).toBe(5);
    // Stored with their message ids, worded for each reader (ADR 121).
    expect(await problemsOf(headers, run.id)).toMatchObject([
      {
        row: 2,
        column: 'Location',
        message: LOCATION_MESSAGES.pathEmptySegment,
        messageId: 'location.pathEmptySegment',
      },
      { row: 3, column: 'Location', message: LOCATION_MESSAGES.pathEmptySegment },
      { row: 4, column: 'Location', message: LOCATION_MESSAGES.nameTooLong },
      { row: 5, column: 'Location', message: LOCATION_MESSAGES.pathTooDeep(17) },
      { row: 6, column: 'Location', message: LOCATION_MESSAGES.pathTooDeep(4000) },
    ]);
    expect((await post(headers, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);
    expect(await pathsOf(organizationId)).toEqual([]);
    expect(await placesOf(organizationId)).toEqual({});
  });

  it('refuses a file with 100,000 nested levels in a cell at upload, naming the row and column', async () => {
    const { organizationId, headers } = await freshOrganization();
    const levels = Array.from({ length: 100_000 }, () => 'a').join('/');
    const response = await upload(headers, `Name,Location\nDeep,${levels}\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IMPORT_MESSAGES.cellTooLong(2, 'Location'));
    expect(await pathsOf(organizationId)).toEqual([]);
  });

  it("makes this organization's own locations when a path names another organization's", async () => {
    const other = await freshOrganization();
    await createPath(other.headers, 'Plant A / Room 5');
    const before = await pathsOf(other.organizationId);
    const { organizationId, headers } = await freshOrganization();
    const run = await checkFile(headers, 'Name,Location\nBoiler,Plant A / Room 5\n');
    expect(run.planned).toMatchObject({ newLocationCount: 2 });
    await committed(headers, run.id);
    expect(await pathsOf(organizationId)).toEqual(['Plant A', 'Plant A / Room 5']);
    expect(await pathsOf(other.organizationId)).toEqual(before);
    const [mine] = await t.db.select().from(assets).where(eq(assets.organizationId, organizationId));
    const [place] = await t.db.select().from(locations).where(eq(locations.id, mine!.locationId!));
    expect(place?.organizationId).toBe(organizationId);
  });

  it('undo removes the locations the import made that nothing uses, and keeps one that holds another asset', async () => {
    const { organizationId, headers } = await freshOrganization();
    const run = await checkFile(headers, 'Name,Location\nBoiler,Plant A / Room 5\nPump,Plant B\n');
    const done = await committed(headers, run.id);
    expect(await pathsOf(organizationId)).toEqual(['Plant A', 'Plant A / Room 5', 'Plant B']);
    const [room] = await t.db
      .select()
      .from(locations)
      .where(and(eq(locations.organizationId, organizationId), eq(locations.name, 'Room 5')));
    await createAssetViaApi(t.app, headers, { name: 'Desk', locationId: room!.id });
    expect((await post(headers, `/api/admin/imports/${done.id}/undo`)).statusCode).toBe(200);
    expect(await pathsOf(organizationId)).toEqual(['Plant A', 'Plant A / Room 5']);
    expect(Object.keys(await placesOf(organizationId))).toEqual(['Desk']);
  });
});

describe('undoing an import that moved assets', () => {
  it('moves them back as any move: in their histories, a MOVE in the audit log, asset.moved to the webhooks', async () => {
    const { organizationId, headers, name } = await freshOrganization();
    // An endpoint that hears of moves (stored as the webhooks' own tests store one: no address to resolve).
    await t.db.insert(webhookEndpoints).values({
      organizationId,
      url: 'https://hooks.example.com/moves',
      events: ['asset.moved'],
      secretSealed: 'not used',
    });
    const room = await createPath(headers, 'Plant A / Room 5');
    const boiler = await createAssetViaApi(t.app, headers, {
      name: 'Boiler',
      externalId: 'B-1',
      locationId: room.id,
    });
    const pump = await createAssetViaApi(t.app, headers, { name: 'Pump', externalId: 'P-1' });
    await createAssetViaApi(t.app, headers, { name: 'Desk', externalId: 'D-1', locationId: room.id });
    const file =
      'Name,External ID,Location\nBoiler,B-1,Plant B / Hall\nPump,P-1,Plant B / Hall\nDesk,D-1,Plant A / Room 5\n';
    const done = await committed(headers, (await checkFile(headers, file)).id);
    expect(done).toMatchObject({ updatedCount: 2, unchangedCount: 1 });
    const asked = (await get(headers, `/api/admin/imports/${done.id}/undo`)).json();
    expect(asked).toMatchObject({ revertCount: 2, moveBackCount: 2 });

    const undone = await post(headers, `/api/admin/imports/${done.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await placesOf(organizationId)).toMatchObject({
      Boiler: { location: 'Plant A / Room 5' },
      Pump: { location: null },
    });
    const movesOf = async (id: string) =>
      (await get(headers, `/api/assets/${id}/moves`)).json<TAssetMove[]>();
    // Newest first: the move back, then the import's move (its location, made by the import, is gone).
    expect(await movesOf(boiler.id)).toEqual([
      expect.objectContaining({
        fromLocationId: null,
        fromPath: 'Plant B / Hall',
        toLocationId: room.id,
        toPath: 'Plant A / Room 5',
        movedBy: name,
      }),
      expect.objectContaining({ fromPath: 'Plant A / Room 5', toPath: 'Plant B / Hall' }),
    ]);
    const [back, there] = await movesOf(pump.id);
    expect(back).toMatchObject({
      fromPath: 'Plant B / Hall',
      toLocationId: null,
      toPath: null,
      movedBy: name,
    });
    expect(Date.parse(back!.movedAt)).toBeGreaterThanOrEqual(Date.parse(there!.movedAt));

    const moves = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.organizationId, organizationId), eq(auditLogEntries.action, 'MOVE')))
      .orderBy(asc(auditLogEntries.createdAt));
    expect(moves.map((entry) => [entry.entityName, JSON.parse(entry.changes!).changes.location])).toEqual(
      expect.arrayContaining([
        ['Boiler', { from: 'Plant B / Hall', to: 'Plant A / Room 5' }],
        ['Pump', { from: 'Plant B / Hall', to: null }],
      ]),
    );
    expect(moves).toHaveLength(4);
    const sent = await t.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, organizationId),
          eq(webhookDeliveries.eventType, 'asset.moved'),
        ),
      );
    expect(sent.map((row) => JSON.parse(row.body).data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ assetId: boiler.id, fromPath: 'Plant B / Hall', toLocationId: room.id }),
        expect.objectContaining({ assetId: pump.id, fromPath: 'Plant B / Hall', toLocationId: null }),
      ]),
    );
    expect(sent).toHaveLength(4);
  });
});

describe('the parent asset column', () => {
  it('finds a parent by slug or by name, or an earlier row of the file', async () => {
    const { organizationId, headers } = await freshOrganization();
    const boiler = await createAssetViaApi(t.app, headers, { name: 'Boiler' });
    const file = [
      'Name,Slug,Parent asset',
      `Burner,,${boiler.slug}`,
      'Pump,pump-1,boiler',
      'Motor,,pump-1',
      'Bearing,,Motor',
      'Fan,,',
    ].join('\n');
    const run = await checkFile(headers, file);
    expect(run.mapping[2]).toEqual({ kind: 'parentAsset' });
    expect(run).toMatchObject({ problemCount: 0, planned: { create: 5 } });
    await committed(headers, run.id);
    expect(await placesOf(organizationId)).toMatchObject({
      Burner: { parent: 'Boiler' },
      Pump: { parent: 'Boiler' },
      Motor: { parent: 'Pump' },
      Bearing: { parent: 'Motor' },
      Fan: { parent: null },
    });
  });

  it('names the row and column of an unknown, ambiguous or cyclic parent, and writes nothing', async () => {
    const { organizationId, headers } = await freshOrganization();
    const a = await createAssetViaApi(t.app, headers, { name: 'A', externalId: 'A' });
    const b = await createAssetViaApi(t.app, headers, { name: 'B', externalId: 'B' });
    await createAssetViaApi(t.app, headers, { name: 'Twin' });
    await createAssetViaApi(t.app, headers, { name: 'Twin' });
    const other = await freshOrganization();
    const theirs = await createAssetViaApi(t.app, other.headers, { name: 'Theirs' });
    const file = [
      'Name,External ID,Parent asset',
      `A,A,${b.slug}`,
      `B,B,${a.slug}`,
      'C,C,Nobody',
      'D,D,twin',
      `E,E,${theirs.slug}`,
      'F,F,G',
      'G,G,',
      'H,H,Nobody else',
    ].join('\n');
    const run = await checkFile(headers, file);
    // Stored with their message ids, worded for each reader (ADR 121).
    expect(await problemsOf(headers, run.id)).toMatchObject([
      { row: 3, column: 'Parent asset', message: ASSET_HIERARCHY_MESSAGES.parentCycle },
      {
        row: 4,
        column: 'Parent asset',
        message: IMPORT_MESSAGES.parentUnknown('Nobody'),
        messageId: 'import.parentUnknown',
        values: { ref: 'Nobody' },
      },
      { row: 5, column: 'Parent asset', message: IMPORT_MESSAGES.parentAmbiguous(2) },
      { row: 6, column: 'Parent asset', message: IMPORT_MESSAGES.parentUnknown(theirs.slug) },
      // F's parent G is a later row: found. H names nothing, before or after.
      { row: 9, column: 'Parent asset', message: IMPORT_MESSAGES.parentUnknown('Nobody else') },
    ]);
    expect((await post(headers, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);
    expect(await placesOf(organizationId)).toMatchObject({ A: { parent: null }, B: { parent: null } });
  });

  it('finds a parent a later row creates, in a HomeBox export listing components before their parents', async () => {
    const { organizationId, headers } = await freshOrganization();
    const plant = await createAssetViaApi(t.app, headers, { name: 'Plant' });
    // HomeBox's item export with a parent column, in the order its items were entered.
    const file = [
      'HB.import_ref,HB.location,HB.name,HB.asset_id,HB.description,Parent asset',
      'ref-1,Plant A / Pump house,Motor,000-001,Drives the pump,Pump 7',
      'ref-2,Plant A / Pump house,Bearing,000-002,,Motor',
      `ref-3,Plant A / Pump house,Pump 7,000-003,Main water pump,${plant.slug}`,
      'ref-4,Plant A / Pump house,Seal kit,000-004,,pump 7',
      'ref-5,Plant A / Store,Spare motor,000-005,,',
      'ref-6,Plant A / Store,Fan,000-006,,Fan housing',
      'ref-7,Plant A / Store,Fan housing,000-007,,',
    ].join('\n');
    const run = await checkFile(headers, file, (proposed) =>
      proposed.map((target, column) => (column === 5 ? { kind: 'parentAsset' } : target)),
    );
    expect(run).toMatchObject({ problemCount: 0, planned: { create: 7, newLocationCount: 3 } });
    expect(await placesOf(organizationId)).toEqual({ Plant: { location: null, parent: null } });
    expect(await committed(headers, run.id)).toMatchObject({ status: 'Done', createdCount: 7 });
    expect(await placesOf(organizationId)).toEqual({
      Bearing: { location: 'Plant A / Pump house', parent: 'Motor' },
      Fan: { location: 'Plant A / Store', parent: 'Fan housing' },
      'Fan housing': { location: 'Plant A / Store', parent: null },
      Motor: { location: 'Plant A / Pump house', parent: 'Pump 7' },
      Plant: { location: null, parent: null },
      'Pump 7': { location: 'Plant A / Pump house', parent: 'Plant' },
      'Seal kit': { location: 'Plant A / Pump house', parent: 'Pump 7' },
      'Spare motor': { location: 'Plant A / Store', parent: null },
    });

    // Undone: the components and their parents go, and the locations the import made.
    const undone = await post(headers, `/api/admin/imports/${run.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await placesOf(organizationId)).toEqual({ Plant: { location: null, parent: null } });
    expect(await pathsOf(organizationId)).toEqual([]);
  });

  it('names the row and column of a cycle, a self-parent and a name two rows give, whatever their order', async () => {
    const { organizationId, headers } = await freshOrganization();
    const file = [
      'Name,Slug,Parent asset',
      'Casing,,Frame', // the cycle Casing → Frame → Cover → Casing, closed by Cover (row 4)
      'Frame,frame-1,Cover',
      'Cover,,casing',
      'Valve,valve-1,valve-1', // itself
      'Gauge,,Motor', // two rows below create a Motor
      'Motor,motor-a,',
      'Motor,motor-b,',
      'Shaft,,motor-b', // by slug: no doubt
    ].join('\n');
    const run = await checkFile(headers, file);
    expect(await problemsOf(headers, run.id)).toMatchObject([
      { row: 4, column: 'Parent asset', message: ASSET_HIERARCHY_MESSAGES.parentCycle },
      { row: 5, column: 'Parent asset', message: ASSET_HIERARCHY_MESSAGES.parentCycle },
      {
        row: 6,
        column: 'Parent asset',
        message: IMPORT_MESSAGES.parentTwiceInFile(2),
        messageId: 'import.parentTwiceInFile',
        values: { count: 2 },
      },
    ]);
    expect((await post(headers, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);
    expect(await placesOf(organizationId)).toEqual({});
  });

  it('commits components whose parents come chunks later, and a commit resumed after a crash writes each once', async () => {
    const { organizationId, headers } = await freshOrganization();
    const parts = COMMIT_CHUNK_ROWS + 100;
    // Rows 1…600 name the rack of row 601, which names the cabinet of row 602; row 603 names row 1.
    const rows = Array.from({ length: parts }, (_, i) => `Part ${i},part-${i},rack-1`);
    const lines = ['Name,Slug,Parent asset', ...rows, 'Rack,rack-1,Cabinet', 'Cabinet,,', 'Cap,,part-0'];
    const run = await checkFile(headers, lines.join('\n'));
    expect(run).toMatchObject({ problemCount: 0, planned: { create: parts + 3 } });
    await t.db.update(importRuns).set({ status: 'Importing', rowsDone: 0 }).where(eq(importRuns.id, run.id));
    const stored = (await findImportRun(t.db, organizationId, run.id))!;
    const plan = await planOf(t.db, stored);
    // The first chunk, then a crash: the commit starts again after it, reading the file anew.
    const chunk = await findImportRows(t.db, organizationId, run.id, 0, COMMIT_CHUNK_ROWS);
    const file = storedFile(t.db, stored);
    const first = await assetImport.commitChunk(t.db, stored, plan, null, chunk, new Date(), file);
    // The rack and the cabinet came with the first component.
    expect(first).toMatchObject({ rowsDone: COMMIT_CHUNK_ROWS, createdCount: COMMIT_CHUNK_ROWS + 2 });
    await runImportCommit(t.db, organizationId, run.id);
    expect(await findImportRun(t.db, organizationId, run.id)).toMatchObject({
      status: 'Done',
      createdCount: parts + 3,
    });
    const places = await placesOf(organizationId);
    expect(Object.keys(places)).toHaveLength(parts + 3);
    expect(places['Part 0']).toEqual({ location: null, parent: 'Rack' });
    expect(places[`Part ${parts - 1}`]).toEqual({ location: null, parent: 'Rack' });
    expect(places).toMatchObject({
      Rack: { parent: 'Cabinet' },
      Cabinet: { parent: null },
      Cap: { parent: 'Part 0' },
    });
  });

  it('refuses a chain of parents in the file deeper than components nest', async () => {
    const { headers } = await freshOrganization();
    const rows = Array.from({ length: 12 }, (_, i) => `Part ${i},${i === 0 ? '' : `Part ${i - 1}`}`);
    const run = await checkFile(headers, ['Name,Parent asset', ...rows].join('\n'));
    const problems = await problemsOf(headers, run.id);
    expect(problems[0]).toEqual({
      row: 12,
      column: 'Parent asset',
      message: ASSET_HIERARCHY_MESSAGES.tooDeep,
    });
    expect(problems).toHaveLength(2);

    // Written bottom first, the same chain: the rows too deep are those of the top parts.
    const reversed = await checkFile(headers, ['Name,Parent asset', ...rows.reverse()].join('\n'));
    expect((await problemsOf(headers, reversed.id)).map((problem) => problem.row)).toEqual([2, 3]);
  });
});

describe('the export round trip', () => {
  const exportOf = async (headers: Headers): Promise<string[][]> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/exports/assets.csv', headers });
    expect(response.statusCode).toBe(200);
    return parse(response.body, { bom: true });
  };
  /** Slug, name, description, external ID, location, parent: what the import writes back. */
  const imported = (records: string[][]) => records.map((record) => record.slice(0, 6));

  for (const language of ['en', 'de', 'fr', 'es'] as const) {
    it(`reads back its location path and parent slug written in ${language}`, async () => {
      const reader = language === 'en' ? undefined : language;
      const from = await freshOrganization(reader);
      await createPath(from.headers, 'Plant A / Building 2 / Room 5');
      const file =
        'Name,Location,Parent asset\nBoiler,Plant A / Building 2 / Room 5,\nBurner,Plant A,Boiler\n';
      await committed(from.headers, (await checkFile(from.headers, file)).id);
      const records = await exportOf(from.headers);
      const burner = records.find((record) => record[1] === 'Burner')!;
      const boiler = records.find((record) => record[1] === 'Boiler')!;
      expect(burner.slice(4, 6)).toEqual(['Plant A', boiler[0]]);
      expect(boiler.slice(4, 6)).toEqual(['Plant A / Building 2 / Room 5', '']);

      // Back into the same organization: every row found by its slug, nothing to change.
      const same = await checkFile(from.headers, stringify(records, { bom: true }));
      expect(same.mapping.slice(0, 6)).toEqual([
        { kind: 'slug' },
        { kind: 'name' },
        { kind: 'description' },
        { kind: 'externalId' },
        { kind: 'location' },
        { kind: 'parentAsset' },
      ]);
      expect(same).toMatchObject({
        format: 'Maintenance QR',
        problemCount: 0,
        planned: { create: 0, update: 0, unchanged: 2, newLocationCount: 0 },
      });

      // Into another organization: its tree made anew, the parent a row above its component.
      const to = await freshOrganization(reader);
      const parentsFirst = [records[0]!, boiler, burner];
      const run = await checkFile(to.headers, stringify(parentsFirst, { bom: true }));
      expect(run).toMatchObject({ problemCount: 0, planned: { create: 2, newLocationCount: 3 } });
      await committed(to.headers, run.id);
      expect(await placesOf(to.organizationId)).toEqual(await placesOf(from.organizationId));
      expect(imported(await exportOf(to.headers)).sort()).toEqual(imported(records).sort());
    });
  }
});
