import { ASSET_CSV_COLUMNS, type TFieldDataType } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldDefinitions } from '#server/db/schema.ts';
import { insertField } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();
/** Where the custom fields' columns start, after the asset's own. */
const FIRST_FIELD = ASSET_CSV_COLUMNS.length;
const { get, uploaded, checked, committed } = importClient(() => t.app);

const fieldsOf = (organizationId: string) =>
  t.db
    .select({ label: fieldDefinitions.label, dataType: fieldDefinitions.dataType })
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.organizationId, organizationId), eq(fieldDefinitions.target, 'Asset')))
    .orderBy(asc(fieldDefinitions.displayOrder));

describe('export → import into a new organization (ADR 095)', () => {
  it('gives the same fields with the same types, and the same values', async () => {
    const from = t.orgA.organization.id;
    const typed: [string, TFieldDataType, string][] = [
      ['Install date', 'Date', '2021-03-15'],
      ['Purchase cost', 'Number', '-1234.5'],
      ['Under warranty', 'Boolean', 'true'],
      ['Condition', 'Select', 'Good'],
      ['Room', 'Text', '=B2 (not a formula)'],
      ['Weight (number)', 'Text', 'heavy'],
    ];
    const fields = [];
    for (const [index, [label, dataType]] of typed.entries()) {
      fields.push(
        await insertField(t.db, from, {
          label,
          key: `trip_${index}`,
          dataType,
          options: dataType === 'Select' ? ['Good', 'Poor'] : null,
          displayOrder: index * 10,
        }),
      );
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: t.headers.adminA,
      payload: {
        name: 'Round trip boiler',
        fields: fields.map((field, index) => ({ fieldId: field.id, value: typed[index]![2] })),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await get(t.headers.adminA, '/api/exports/assets.csv?q=Round%20trip%20boiler');
    const records: string[][] = parse(exported.body, { bom: true });
    expect(records[0]?.slice(FIRST_FIELD)).toEqual([
      'Install date (date)',
      'Purchase cost (number)',
      'Under warranty (boolean)',
      'Condition (select)',
      'Room',
      'Weight (number) (text)',
    ]);
    // The exports' formula rule still holds on the cells.
    expect(records[1]?.[FIRST_FIELD + 4]).toBe("'=B2 (not a formula)");

    const run = await uploaded(t.headers.adminB, exported.rawPayload);
    expect(run.format).toBe('Maintenance QR');
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
    expect(await fieldsOf(t.orgB.organization.id)).toEqual(
      typed.map(([label, dataType]) => ({ label, dataType })),
    );
    const again = await get(t.headers.adminB, '/api/exports/assets.csv?q=Round%20trip%20boiler');
    const back: string[][] = parse(again.body, { bom: true });
    expect(back.map((record) => record.slice(FIRST_FIELD))).toEqual(
      records.map((record) => record.slice(FIRST_FIELD)),
    );
  });
});
