import { ASSET_MESSAGES, EVENT_CSV_COLUMNS, IMPORT_MESSAGES } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assets, users } from '#server/db/schema.ts';
import { createAssetViaApi, insertField, recordEventViaApi } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { suggestMapping } from './formats.ts';
import { insertImportProblems } from './queries.ts';

// Our exports' column names are in the reader's language (ADR 111); the import reads them back in
// every language (ADR 115).

const t = tenantWorld();
const { get, post, uploaded, map, checked, committed } = importClient(() => t.app);

type Headers = Record<string, string>;

async function csvOf(headers: Headers, url: string): Promise<string[][]> {
  const response = await get(headers, url);
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body, { bom: true });
}

/** The records' cells of `columns`, each found by its place in the first record (the header row). */
const cellsOf = (records: string[][], columns: string[]) =>
  records.slice(1).map((record) => columns.map((column) => record[records[0]!.indexOf(column)]));

describe('importing our export written in German', () => {
  beforeAll(async () => {
    const admins = [t.orgA.admin.id, t.orgB.admin.id];
    await t.db.update(users).set({ language: 'de' }).where(inArray(users.id, admins));
  });

  it('maps every column of an assets export, and imports the same values', async () => {
    const from = t.orgA.organization.id;
    const room = await insertField(t.db, from, { label: 'Raum', key: 'raum', displayOrder: 1 });
    await createAssetViaApi(t.app, t.headers.adminA, {
      name: 'Kessel im Keller',
      description: 'Gasbrennwert',
      externalId: 'INV-0042',
      fields: [{ fieldId: room.id, value: 'U1' }],
    });
    const url = '/api/exports/assets.csv?q=Kessel%20im%20Keller';
    const exported = await csvOf(t.headers.adminA, url);
    const header = [
      'Kennung',
      'Name',
      'Beschreibung',
      'Externe ID',
      'Standort',
      'Übergeordnetes Objekt',
      'Erstellt am',
      'Geändert am',
      'Raum',
    ];
    expect(exported[0]).toEqual(header);
    expect(exported).toHaveLength(2);

    const run = await uploaded(t.headers.adminB, stringify(exported, { bom: true }));
    expect(run.format).toBe('Maintenance QR');
    expect(run.matchBy).toBe('slug');
    expect(run.mapping).toEqual([
      { kind: 'slug' },
      { kind: 'name' },
      { kind: 'description' },
      { kind: 'externalId' },
      { kind: 'location' },
      { kind: 'parentAsset' },
      { kind: 'ignore' },
      { kind: 'ignore' },
      { kind: 'newField', label: 'Raum', key: 'raum', dataType: 'Text', isPublic: false },
    ]);
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });

    const back = await csvOf(t.headers.adminB, url);
    const compared = ['Kennung', 'Name', 'Beschreibung', 'Externe ID', 'Raum'];
    expect(cellsOf(back, compared)).toEqual(cellsOf(exported, compared));
    expect(cellsOf(back, compared)[0]).toContain('INV-0042');
  });

  it('maps every column of a history export, and imports the same events', async () => {
    const hour = 3_600_000;
    const range = `from=${new Date(Date.now() - hour).toISOString()}&to=${new Date(Date.now() + hour).toISOString()}`;
    const url = `/api/exports/events.csv?${range}`;
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pumpe Nord' });
    await t.db
      .insert(assets)
      .values({ organizationId: t.orgB.organization.id, name: asset.name, slug: asset.slug });
    const add = (title: string, extra: Record<string, unknown>) =>
      recordEventViaApi(t.app, t.headers.adminA, asset.id, { title, ...extra });
    const done = await add('Dichtung gewechselt', { notes: 'Neue Dichtung', recordedBy: 'Sam' });
    await post(t.headers.adminA, `/api/assets/${asset.id}/events/${done.id}/complete`);
    await add('Begonnene Arbeit', { startTask: true });
    const ours = (await csvOf(t.headers.adminA, url)).filter(
      (record, index) => index === 0 || record[0] === asset.slug,
    );
    expect(ours).toHaveLength(3);
    expect(ours[0]?.slice(0, 3)).toEqual(['Kennung des Objekts', 'Name des Objekts', 'Titel']);

    const run = await uploaded(t.headers.adminB, stringify(ours, { bom: true }), 'events');
    expect(run.format).toBe('Maintenance QR');
    // Every column as the English export's: Asset name and Due on are not imported (ADR 096), nor
    // the five checklist summary columns (ADR 134).
    expect(run.mapping).toEqual(suggestMapping([...EVENT_CSV_COLUMNS], 'events', 'Maintenance QR', []));
    expect(run.mapping.filter((column) => column.kind === 'ignore')).toHaveLength(7);
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 2 });

    const back = (await csvOf(t.headers.adminB, url)).filter(
      (record, index) => index === 0 || record[0] === asset.slug,
    );
    expect(back[0]).toEqual(ours[0]);
    expect(cellsOf(back, ours[0]!)).toEqual(cellsOf(ours, ours[0]!));
  });
});

// An import's problems are stored with their message's id and values (ADR 121): the API sends them
// for the screens to word, and the problems file is written in its reader's language.
describe("an import's problems in the reader's language", () => {
  it('are sent with their ids and values, and written in German in the problems file', async () => {
    const organizationId = t.orgA.organization.id;
    await insertField(t.db, organizationId, { label: 'Cost', key: 'cost_words', dataType: 'Number' });
    const run = await uploaded(t.headers.adminA, 'Name,Slug,Cost\r\n,pump-a,10\r\nPump B,pump-a,x\r\n');
    const mapped = await map(t.headers.adminA, run.id, run.mapping);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ status: 'Checked', problemCount: 3 });
    // A problem stored before ids, as a sentence only.
    await insertImportProblems(t.db, organizationId, run.id, [
      { rowNumber: 9, column: 'Notes', message: 'A sentence stored before ids.' },
    ]);

    const problems = await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`);
    expect(problems.json()).toEqual([
      { row: 2, column: 'Name', message: ASSET_MESSAGES.nameRequired, messageId: 'asset.nameRequired' },
      {
        row: 3,
        column: 'Cost',
        message: IMPORT_MESSAGES.numberInvalid('x', 'point'),
        messageId: 'import.numberInvalid',
        values: { value: 'x', example: '1,234.56' },
      },
      {
        row: 3,
        column: 'Slug',
        message: IMPORT_MESSAGES.slugTwice(2),
        messageId: 'import.slugTwice',
        values: { row: 2 },
      },
      { row: 9, column: 'Notes', message: 'A sentence stored before ids.' },
    ]);

    const url = `/api/admin/imports/${run.id}/problems.csv`;
    expect(await csvOf(t.headers.adminA, url)).toEqual([
      ['Zeile', 'Spalte', 'Problem'],
      ['2', 'Name', 'Der Name des Objekts ist erforderlich.'],
      ['3', 'Cost', '„x“ ist keine Zahl in der Schreibweise 1,234.56.'],
      ['3', 'Slug', 'Diese Kennung wird bereits in Zeile 2 der Datei verwendet.'],
      ['9', 'Notes', 'A sentence stored before ids.'],
    ]);
    // An English reader reads what the API says.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, t.orgA.admin.id));
    try {
      const english = await csvOf(t.headers.adminA, url);
      expect(english.slice(1).map((record) => record[2])).toEqual(
        problems.json<{ message: string }[]>().map((problem) => problem.message),
      );
    } finally {
      await t.db.update(users).set({ language: 'de' }).where(eq(users.id, t.orgA.admin.id));
    }
  });
});
