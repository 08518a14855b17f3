import { readFileSync } from 'node:fs';
import { IMPORT_MESSAGES, type TImportReadingBody, type TImportRun } from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { assetFieldValues, assets, fieldDefinitions } from '#server/db/schema.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();
const { get, uploaded, upload, checked, committed } = importClient(() => t.app);

const peerFile = (name: string) => readFileSync(new URL(`../../test/peer-files/${name}`, import.meta.url));

function setReading(headers: Record<string, string>, id: string, body: TImportReadingBody) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/imports/${id}/reading`, headers, payload: body });
}

/** The problems of a checked import, as the API lists them. */
const problemsOf = async (id: string) =>
  (await get(t.headers.adminA, `/api/admin/imports/${id}/problems`)).json();

describe('files in other encodings, numbers and dates (ADR 094)', () => {
  it('imports a Windows-1252 semicolon file with European numbers and dates, as Excel writes it', async () => {
    const orgId = t.orgA.organization.id;
    const text = [
      'Name;Standort;Preis;Kaufdatum',
      'Pumpe für Kühlwasser;Halle Süd;12.345,67;15.03.2021',
      ';;;',
      'Lüfter;Büro;99,00;01.02.2020',
      '',
    ].join('\r\n');
    const run = await uploaded(t.headers.adminA, iconv.encode(text, 'windows-1252'));
    expect(run).toMatchObject({
      encoding: 'windows-1252',
      encodingChangeable: true,
      delimiter: ';',
      numberFormat: 'comma',
      dateOrder: 'DMY',
      rowCount: 2,
      headers: ['Name', 'Standort', 'Preis', 'Kaufdatum'],
      preview: [
        ['Pumpe für Kühlwasser', 'Halle Süd', '12.345,67', '15.03.2021'],
        ['Lüfter', 'Büro', '99,00', '01.02.2020'],
      ],
    });
    const map = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/imports/${run.id}/mapping`,
      headers: t.headers.adminA,
      payload: {
        columns: [
          { kind: 'name' },
          { kind: 'newField', label: 'Standort', key: 'standort_1252', dataType: 'Select' },
          { kind: 'newField', label: 'Preis', key: 'preis_1252', dataType: 'Number' },
          { kind: 'newField', label: 'Kaufdatum', key: 'kaufdatum_1252', dataType: 'Date' },
        ],
      },
    });
    expect(map.statusCode, map.body).toBe(200);
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({ status: 'Done', createdCount: 2 });
    const [standort] = await t.db
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.organizationId, orgId), eq(fieldDefinitions.key, 'standort_1252')));
    expect(standort?.options).toEqual(['Büro', 'Halle Süd']);
    const values = await t.db
      .select({ name: assets.name, value: assetFieldValues.value })
      .from(assetFieldValues)
      .innerJoin(assets, eq(assets.id, assetFieldValues.assetId))
      .where(eq(assetFieldValues.organizationId, orgId));
    expect(
      values
        .filter((v) => v.name === 'Pumpe für Kühlwasser')
        .map((v) => v.value)
        .sort(),
    ).toEqual(['12345.67', '2021-03-15', 'Halle Süd']);
  });

  it('names the value and the format expected, at the row a spreadsheet shows', async () => {
    const run = await uploaded(t.headers.adminA, 'Name,Cost\r\nPump,"1.234,5"\r\n\r\n,\r\nFan,"12,5"\r\n');
    expect(run).toMatchObject({ numberFormat: 'comma', rowCount: 2 });
    // Told the file writes 1,234.56 after all, the check names the cells that are not so written.
    const reading = await setReading(t.headers.adminA, run.id, {
      encoding: 'utf-8',
      numberFormat: 'point',
      dateOrder: 'YMD',
    });
    expect(reading.statusCode, reading.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/imports/${run.id}/mapping`,
      headers: t.headers.adminA,
      payload: {
        columns: [{ kind: 'name' }, { kind: 'newField', label: 'Cost', key: 'cost_fmt', dataType: 'Number' }],
      },
    });
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 2 });
    expect(await problemsOf(run.id)).toMatchObject([
      { row: 2, column: 'Cost', message: IMPORT_MESSAGES.numberInvalid('1.234,5', 'point') },
      { row: 5, column: 'Cost', message: IMPORT_MESSAGES.numberInvalid('12,5', 'point') },
    ]);
  });

  it("reads Snipe-IT's UTF-8 sample with its American dates", async () => {
    const run = await uploaded(t.headers.adminA, peerFile('snipeit-assets-sample.csv'));
    expect(run).toMatchObject({
      encoding: 'utf-8',
      format: 'Snipe-IT',
      dateOrder: 'MDY',
      numberFormat: null,
    });
  });

  it('lets another encoding be chosen, reading the header row again and proposing the mapping again', async () => {
    const bytes = iconv.encode('Name,Größe\r\nPumpe,groß\r\n', 'macintosh');
    const run = await uploaded(t.headers.adminA, bytes);
    expect(run.encoding).not.toBe('macintosh');
    const response = await setReading(t.headers.adminA, run.id, {
      encoding: 'macintosh',
      numberFormat: 'point',
      dateOrder: 'YMD',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reread: TImportRun = response.json();
    expect(reread).toMatchObject({
      encoding: 'macintosh',
      headers: ['Name', 'Größe'],
      preview: [['Pumpe', 'groß']],
      status: 'Uploaded',
    });
    expect(reread.mapping[1]).toMatchObject({ kind: 'newField', label: 'Größe' });
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
  });

  it('reads UTF-16 with tabs, as Excel saves "Unicode text", and keeps its encoding', async () => {
    const bytes = iconv.encode('Name\tGröße\r\nPumpe\t12,5\r\n', 'utf-16le', { addBOM: true });
    const run = await uploaded(t.headers.adminA, bytes);
    expect(run).toMatchObject({
      encoding: 'utf-16le',
      encodingChangeable: false,
      delimiter: '\t',
      headers: ['Name', 'Größe'],
      preview: [['Pumpe', '12,5']],
    });
    const response = await setReading(t.headers.adminA, run.id, {
      encoding: 'windows-1252',
      numberFormat: 'comma',
      dateOrder: 'YMD',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IMPORT_MESSAGES.encodingFixed);
  });

  it('is for administrators of the organization: 404 for another one, 403 for a member, 409 once running', async () => {
    const run = await uploaded(t.headers.adminA, 'Name\r\nPump\r\n');
    const body: TImportReadingBody = { encoding: 'utf-8', numberFormat: 'comma', dateOrder: 'DMY' };
    expect((await setReading(t.headers.adminB, run.id, body)).statusCode).toBe(404);
    expect((await setReading(t.headers.memberA, run.id, body)).statusCode).toBe(403);
    expect((await setReading(t.headers.adminA, 'not-an-id', body)).statusCode).toBe(404);
    const bad = await setReading(t.headers.adminA, run.id, { ...body, encoding: 'ebcdic' as 'utf-8' });
    expect(bad.statusCode).toBe(400);
    await committed(t.headers.adminA, (await checked(t.headers.adminA, run.id)).id);
    const late = await setReading(t.headers.adminA, run.id, body);
    expect(late.statusCode).toBe(409);
    expect((await get(t.headers.adminA, `/api/admin/imports/${run.id}`)).json()).toMatchObject({
      numberFormat: null,
      dateOrder: null,
    });
  });

  it('still refuses binary data', async () => {
    const response = await upload(t.headers.adminA, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x0a, 0x00, 0x00]));
    expect(response.json().message).toBe(IMPORT_MESSAGES.binary);
  });
});
