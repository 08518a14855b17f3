import { readFileSync } from 'node:fs';
import {
  ASSET_MESSAGES,
  IMPORT_MESSAGES,
  type TImportColumnTarget,
  type TImportProblem,
  type TImportRun,
} from '@mqr/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assetFieldValues, assets, auditLogEntries } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// Re-importing updates instead of duplicating (ADR 092), with the peers' own files.
const t = tenantWorld();
const { get, post, uploaded, map, checked, committed } = importClient(() => t.app);

const peerFile = (name: string) => readFileSync(new URL(`../../test/peer-files/${name}`, import.meta.url));

/** A new organization and its signed-in administrator: each test its own register. */
async function freshOrganization() {
  const organization = await createOrganization(t.db);
  const admin = await createUser(t.db, organization.id, { isAdmin: true });
  return { organizationId: organization.id, headers: (await loginAs(t.app, admin)).headers };
}

type Headers = Record<string, string>;

/** Uploads, maps (the proposal, or `mapping` and `matchBy`) and checks a file. */
async function checkFile(
  headers: Headers,
  file: Buffer | string,
  options: {
    mapping?: (proposed: TImportColumnTarget[]) => TImportColumnTarget[];
    matchBy?: TImportRun['matchBy'];
  } = {},
): Promise<TImportRun> {
  const run = await uploaded(headers, file);
  if (options.mapping || options.matchBy) {
    const response = await map(
      headers,
      run.id,
      options.mapping?.(run.mapping) ?? run.mapping,
      options.matchBy ?? undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  return checked(headers, run.id);
}

async function importFile(
  headers: Headers,
  file: Buffer | string,
  options: Parameters<typeof checkFile>[2] = {},
) {
  const run = await checkFile(headers, file, options);
  expect(run.problemCount, JSON.stringify(run)).toBe(0);
  return committed(headers, run.id);
}

/** The organization's assets, by id (the order they were made in). */
const assetsOf = (organizationId: string) =>
  t.db.select().from(assets).where(eq(assets.organizationId, organizationId)).orderBy(asc(assets.id));

const listOf = async (
  headers: Headers,
  id: string,
  which: 'problems' | 'warnings',
): Promise<TImportProblem[]> => (await get(headers, `/api/admin/imports/${id}/${which}`)).json();

describe('matching existing assets', () => {
  it('imports the same HomeBox file twice: the second check says 0 create, 3 unchanged, and nothing is written', async () => {
    const { organizationId, headers } = await freshOrganization();
    const file = peerFile('homebox-types.csv');
    const first = await checkFile(headers, file);
    expect(first).toMatchObject({ matchBy: 'externalId', planned: { create: 3, update: 0, unchanged: 0 } });
    expect(await committed(headers, first.id)).toMatchObject({ status: 'Done', createdCount: 3 });
    const stored = await assetsOf(organizationId);
    expect(stored.map((asset) => [asset.name, asset.externalId]).sort()).toEqual([
      ['Item 1', '1'],
      ['Item 2', '000-002'],
      ['Item 3', '1000-003'],
    ]);

    const second = await checkFile(headers, file);
    expect(second).toMatchObject({
      problemCount: 0,
      warningCount: 0,
      planned: { create: 0, update: 0, unchanged: 3 },
    });
    const audits = () =>
      t.db.select().from(auditLogEntries).where(eq(auditLogEntries.organizationId, organizationId));
    const auditsBefore = (await audits()).length;
    expect(await committed(headers, second.id)).toMatchObject({
      status: 'Done',
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 3,
    });
    expect(await assetsOf(organizationId)).toEqual(stored);
    expect((await audits()).length).toBe(auditsBefore);
  });

  it("matches Snipe-IT's own sample by its asset tag: a changed row updates its asset, the others stay unchanged", async () => {
    const { organizationId, headers } = await freshOrganization();
    const file = peerFile('snipeit-assets-sample.csv');
    const first = await importFile(headers, file);
    expect(first).toMatchObject({ format: 'Snipe-IT', matchBy: 'externalId', createdCount: 22 });
    const [backhoe] = (await assetsOf(organizationId)).filter((asset) => asset.externalId === 'ICC-2065556');
    expect(backhoe?.name).toBe('Backhoe');

    const changed = file.toString('utf8').replace('Backhoe,ICC-2065556', 'Backhoe 2,ICC-2065556');
    const second = await checkFile(headers, changed);
    expect(second.planned).toEqual({ create: 0, update: 1, unchanged: 21 });
    expect(await committed(headers, second.id)).toMatchObject({
      createdCount: 0,
      updatedCount: 1,
      unchangedCount: 21,
    });
    const after = await assetsOf(organizationId);
    expect(after).toHaveLength(22);
    expect(after.find((asset) => asset.id === backhoe!.id)?.name).toBe('Backhoe 2');
    const [entry] = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, backhoe!.id), eq(auditLogEntries.action, 'UPDATE')));
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { name: { from: 'Backhoe', to: 'Backhoe 2' } },
      import: 'assets.csv',
    });
  });

  it('warns of rows that add an asset whose name is in use, and matches by name when asked', async () => {
    const { organizationId, headers } = await freshOrganization();
    const file = peerFile('homebox-minimal.csv');
    expect(await importFile(headers, file)).toMatchObject({ matchBy: 'none', createdCount: 3 });

    // Without a key, the same file would add every item again: each row is listed.
    const again = await checkFile(headers, file);
    expect(again).toMatchObject({
      problemCount: 0,
      warningCount: 3,
      planned: { create: 3, update: 0, unchanged: 0 },
    });
    expect(await listOf(headers, again.id, 'warnings')).toMatchObject(
      [2, 3, 4].map((row) => ({ row, column: 'HB.name', message: IMPORT_MESSAGES.nameExists })),
    );
    expect(await listOf(headers, again.id, 'problems')).toEqual([]);

    // Matched by name (in any case), the rows find their items: a quantity changed updates one.
    const renamed = file.toString('utf8').replace('Item 2,2', 'ITEM 2,5');
    const byName = await checkFile(headers, renamed, { matchBy: 'name' });
    expect(byName).toMatchObject({
      matchBy: 'name',
      warningCount: 0,
      planned: { create: 0, update: 1, unchanged: 2 },
    });
    await committed(headers, byName.id);
    expect((await assetsOf(organizationId)).map((asset) => asset.name).sort()).toEqual([
      'ITEM 2',
      'Item 1',
      'Item 3',
    ]);
  });

  it('refuses a name two assets in service have, and a name twice in the file, when matching by name', async () => {
    const { headers } = await freshOrganization();
    await createAssetViaApi(t.app, headers, { name: 'Pump' });
    await createAssetViaApi(t.app, headers, { name: 'pump' });
    await createAssetViaApi(t.app, headers, { name: 'Fan' });
    const run = await checkFile(headers, 'Name,Note\r\nPump,a\r\nFan,b\r\nfan,c\r\n', { matchBy: 'name' });
    expect(await listOf(headers, run.id, 'problems')).toMatchObject([
      { row: 2, column: 'Name', message: IMPORT_MESSAGES.nameAmbiguous(2) },
      { row: 4, column: 'Name', message: IMPORT_MESSAGES.nameTwice(3) },
    ]);
  });

  it("refuses a key another asset holds, a slug other than the matched asset's, and a key twice in the file", async () => {
    const { headers } = await freshOrganization();
    await importFile(headers, 'Name,Slug,External ID\r\nPump,pump-1,P-1\r\nFan,fan-1,F-1\r\n');
    const run = await checkFile(
      headers,
      [
        'Name,Slug,External ID',
        'Pump,pump-1,P-1', // the pump as it is
        'Pump,pump-2,f-1', // a new asset with the fan's external ID (in another case)
        'Drill,drill-1,D-1',
        'Saw,saw-1,d-1', // D-1 again, in another case
        'Lathe,pump-1,L-1', // the pump again
      ].join('\r\n'),
    );
    expect(run.matchBy).toBe('slug');
    expect(await listOf(headers, run.id, 'problems')).toMatchObject([
      { row: 3, column: 'External ID', message: ASSET_MESSAGES.externalIdTaken },
      { row: 5, column: 'External ID', message: IMPORT_MESSAGES.externalIdTwice(4) },
      { row: 6, column: 'Slug', message: IMPORT_MESSAGES.slugTwice(2) },
    ]);

    const byId = await checkFile(headers, 'Name,Slug,External ID\r\nPump,pump-2,P-1\r\nHose,fan-1,H-1\r\n', {
      matchBy: 'externalId',
    });
    expect(await listOf(headers, byId.id, 'problems')).toMatchObject([
      { row: 2, column: 'Slug', message: IMPORT_MESSAGES.slugDiffers('pump-1') },
      { row: 3, column: 'Slug', message: IMPORT_MESSAGES.otherAssetTakesSlug },
    ]);
  });

  it('refuses a key without its column, and a key for a history file', async () => {
    const { headers } = await freshOrganization();
    const run = await uploaded(headers, 'Name,Room\r\nPump,1\r\n');
    expect(run.matchBy).toBe('none');
    const bySlug = await map(headers, run.id, run.mapping, 'slug');
    expect(bySlug.statusCode).toBe(400);
    expect(bySlug.json().message).toBe(IMPORT_MESSAGES.matchKeyNotMapped('slug'));
    const byId = await map(headers, run.id, run.mapping, 'externalId');
    expect(byId.json().message).toBe(IMPORT_MESSAGES.matchKeyNotMapped('externalId'));
    expect((await get(headers, `/api/admin/imports/${run.id}`)).json().matchBy).toBe('none');
    const history = await uploaded(
      headers,
      'Asset slug,Title,Performed at\r\npump,Check,2024-01-01\r\n',
      'events',
    );
    expect(history.matchBy).toBeNull();
    const keyed = await map(headers, history.id, history.mapping, 'slug');
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().message).toBe(IMPORT_MESSAGES.matchKeyForAssets);
  });

  it('leaves a retired asset alone when the row changes nothing, and refuses a change to it', async () => {
    const { headers } = await freshOrganization();
    const file = 'Name,External ID,Room\r\nOld lathe,L-1,Shop\r\n';
    await importFile(headers, file);
    // The list's search finds an asset by its whole external ID, in any case.
    const found = (await get(headers, '/api/assets?search=l-1')).json();
    expect(found.map((item: { name: string }) => item.name)).toEqual(['Old lathe']);
    expect((await post(headers, `/api/admin/assets/${found[0].id}/retire`)).statusCode).toBe(200);
    expect((await checkFile(headers, file)).planned).toEqual({ create: 0, update: 0, unchanged: 1 });
    const moved = await checkFile(headers, 'Name,External ID,Room\r\nOld lathe,L-1,Store\r\n');
    expect(await listOf(headers, moved.id, 'problems')).toMatchObject([
      { row: 2, column: 'External ID', message: ASSET_MESSAGES.retired },
    ]);
  });

  it('updates only the columns it imports: a description without a column stays', async () => {
    const { organizationId, headers } = await freshOrganization();
    await importFile(headers, 'Name,Slug,Description\r\nChiller,chiller-1,Roof\r\n');
    const update = await importFile(headers, 'Name,Slug\r\nChiller (north),chiller-1\r\n');
    expect(update).toMatchObject({ updatedCount: 1 });
    const [chiller] = await assetsOf(organizationId);
    expect(chiller).toMatchObject({ name: 'Chiller (north)', description: 'Roof' });
  });

  it("never matches another organization's asset: its external ID is free here", async () => {
    const { organizationId, headers } = await freshOrganization();
    const other = await freshOrganization();
    await importFile(other.headers, 'Name,External ID\r\nTheirs,X-1\r\n');
    const run = await importFile(headers, 'Name,External ID\r\nOurs,X-1\r\n');
    expect(run).toMatchObject({ createdCount: 1, updatedCount: 0 });
    expect((await assetsOf(organizationId)).map((asset) => asset.name)).toEqual(['Ours']);
    expect((await assetsOf(other.organizationId)).map((asset) => asset.name)).toEqual(['Theirs']);
    expect((await get(other.headers, `/api/admin/imports/${run.id}/warnings`)).statusCode).toBe(404);
  });

  it('clears a mapped value the row leaves empty, and keeps the values an unchanged row holds', async () => {
    const { organizationId, headers } = await freshOrganization();
    await importFile(headers, 'Name,External ID,Room,Floor\r\nPump,P-1,Hall,2\r\n');
    const [pump] = await assetsOf(organizationId);
    const values = () =>
      t.db
        .select({ value: assetFieldValues.value })
        .from(assetFieldValues)
        .where(eq(assetFieldValues.assetId, pump!.id));
    expect((await values()).map((v) => v.value).sort()).toEqual(['2', 'Hall']);
    const run = await importFile(headers, 'Name,External ID,Room,Floor\r\nPump,P-1,,2\r\n');
    expect(run).toMatchObject({ updatedCount: 1 });
    expect((await values()).map((v) => v.value)).toEqual(['2']);
  });
});
