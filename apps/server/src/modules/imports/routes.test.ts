import {
  ASSET_MESSAGES,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type TImportColumnTarget,
  type TImportRun,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assetFieldValues,
  assets,
  auditLogEntries,
  fieldDefinitions,
  importRows,
} from '#server/db/schema.ts';
import { insertField } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

const { get, post, upload, uploaded, map, checked, committed } = importClient(() => t.app);

const assetsNamed = (organizationId: string, name: string) =>
  t.db
    .select()
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.name, name)));

describe('POST /api/admin/imports', () => {
  it('reads a semicolon CSV with a byte order mark and quoted line breaks, and proposes a mapping', async () => {
    const orgId = t.orgA.organization.id;
    const serial = await insertField(t.db, orgId, { label: 'Serial', key: 'serial_upload' });
    const csv =
      '\uFEFFName;Serial;Room;Notes\r\nPump 1;SN-1;"Plant; room 2";"line one\nline two"\r\nPump 2;SN-2;B;\r\n';
    const run = await uploaded(t.headers.adminA, csv);
    expect(run).toMatchObject({
      status: 'Uploaded',
      format: 'Other',
      delimiter: ';',
      headers: ['Name', 'Serial', 'Room', 'Notes'],
      rowCount: 2,
      preview: [
        ['Pump 1', 'SN-1', 'Plant; room 2', 'line one\nline two'],
        ['Pump 2', 'SN-2', 'B', ''],
      ],
    });
    expect(run.mapping).toEqual([
      { kind: 'name' },
      { kind: 'field', fieldId: serial.id },
      { kind: 'newField', label: 'Room', key: 'room', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Notes', key: 'notes', dataType: 'Text', isPublic: false },
    ]);
  });

  it.each([
    ['an empty file', '', IMPORT_MESSAGES.empty],
    ['blank lines only', '\r\n\r\n', IMPORT_MESSAGES.empty],
    ['binary data', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), IMPORT_MESSAGES.binary],
    [
      'a cell of 100,000 characters',
      `Name,Serial\r\nPump,1\r\n\r\nFan,${'x'.repeat(100_000)}\r\n`,
      IMPORT_MESSAGES.cellTooLong(4, 'Serial'),
    ],
    ['a header named twice', 'Name,Serial,name\r\nA,1,B\r\n', IMPORT_MESSAGES.duplicateHeader('name')],
    ['a blank header', 'Name,,Serial\r\nA,1,B\r\n', IMPORT_MESSAGES.blankHeader(2)],
    [
      'a header of 10,000 columns',
      `${Array.from({ length: 10_000 }, (_, i) => `Column ${i + 1}`).join(',')}\r\n${'x,'.repeat(9_999)}x\r\n`,
      IMPORT_MESSAGES.tooManyColumns,
    ],
    [
      'a header that is a formula',
      'Name,"=HYPERLINK(""http://evil.example"")"\r\nPump,1\r\n',
      IMPORT_MESSAGES.formulaHeader(2, '=HYPERLINK("http://evil.example")'),
    ],
    [
      'a header that starts with a tab',
      'Name;\tSerial\r\nPump;1\r\n',
      IMPORT_MESSAGES.formulaHeader(2, '\tSerial'),
    ],
  ])('refuses %s with a clear message and writes nothing', async (_, data, message) => {
    const storedRows = async () => {
      const [stored] = await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(importRows)
        .where(eq(importRows.organizationId, t.orgB.organization.id));
      return stored?.count;
    };
    const before = await get(t.headers.adminB, '/api/admin/imports');
    const rowsBefore = await storedRows();
    const response = await upload(t.headers.adminB, data);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await get(t.headers.adminB, '/api/admin/imports')).json()).toEqual(before.json());
    expect(await storedRows()).toBe(rowsBefore);
  });

  it('refuses a quote that never closes, saying where', async () => {
    const response = await upload(t.headers.adminB, 'Name,Serial\r\n"Pump,1\r\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The file cannot be read as CSV at line \d+: /);
  });

  it('refuses a file over the size limit', async () => {
    const header = Buffer.from('Name\r\n');
    const response = await upload(
      t.headers.adminB,
      Buffer.concat([header, Buffer.alloc(IMPORT_MAX_BYTES, 'a')]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('is for administrators: a member gets 403, a visitor 401', async () => {
    expect((await upload(t.headers.memberA, 'Name\r\nA\r\n')).statusCode).toBe(403);
    expect((await upload({}, 'Name\r\nA\r\n')).statusCode).toBe(401);
  });

  it('recognises the Snipe-IT and HomeBox exports and maps them without help', async () => {
    const snipe = await uploaded(
      t.headers.adminB,
      'Asset Tag,Name,Serial,Model,Category,Location,Notes\r\nTAG-0001,Laptop 1,C02X,MacBook Pro,Laptops,HQ,Spare charger\r\n',
    );
    expect(snipe.format).toBe('Snipe-IT');
    // The asset tag is Snipe-IT's identifier: the external ID, which rows match by (ADR 092).
    expect(snipe.mapping.slice(0, 3)).toEqual([
      { kind: 'externalId' },
      { kind: 'name' },
      { kind: 'newField', label: 'Serial', key: 'serial', dataType: 'Text', isPublic: false },
    ]);
    expect(snipe.mapping[6]).toEqual({ kind: 'description' });
    expect(snipe.matchBy).toBe('externalId');
    const homebox = await uploaded(
      t.headers.adminB,
      'HB.import_ref,HB.location,HB.name,HB.asset_id,HB.description,HB.serial_number,HB.field.Colour\r\nref-1,Garage,Drill,000-001,Cordless,SN9,Red\r\n',
    );
    expect(homebox.format).toBe('HomeBox');
    expect(homebox.mapping).toEqual([
      { kind: 'newField', label: 'Import ref', key: 'import_ref', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Location', key: 'location', dataType: 'Text', isPublic: false },
      { kind: 'name' },
      { kind: 'externalId' },
      { kind: 'description' },
      { kind: 'newField', label: 'Serial number', key: 'serial_number', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Colour', key: 'colour', dataType: 'Text', isPublic: false },
    ]);
    expect(homebox.matchBy).toBe('externalId');
  });
});

describe('checking and committing an import', () => {
  it('lists every problem of the dry run, writes nothing, then imports the fixed file', async () => {
    const orgId = t.orgA.organization.id;
    await insertField(t.db, orgId, { label: 'Cost', key: 'cost_check', dataType: 'Number' });
    const bad = [
      'Name,Slug,Cost,Condition',
      'Boiler 1,boiler-one,10,Good',
      ',boiler-two,12,Good',
      'Boiler 3,Bad Slug!,x,Fair',
      'Boiler 4,boiler-one,=SUM(A1:A2),Good',
      `'=Boiler 5,boiler-five,-3,Poor`,
    ].join('\r\n');
    const run = await uploaded(t.headers.adminA, bad);
    const mapping: TImportColumnTarget[] = [
      ...run.mapping.slice(0, 3),
      { kind: 'newField', label: 'Condition', key: 'condition_check', dataType: 'Select', isPublic: false },
    ];
    const mapped = await map(t.headers.adminA, run.id, mapping);
    expect(mapped.statusCode, mapped.body).toBe(200);
    const result = await checked(t.headers.adminA, run.id);
    expect(result).toMatchObject({ status: 'Checked', problemCount: 5, rowsDone: 5 });
    const problems = (await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`)).json();
    expect(problems).toMatchObject([
      { row: 3, column: 'Name', message: 'Asset name is required.' },
      { row: 4, column: 'Slug', message: IMPORT_MESSAGES.slugInvalid },
      { row: 4, column: 'Cost', message: IMPORT_MESSAGES.numberInvalid('x', 'point') },
      { row: 5, column: 'Cost', message: IMPORT_MESSAGES.formula },
      { row: 5, column: 'Slug', message: IMPORT_MESSAGES.slugTwice(2) },
    ]);
    const csv = await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems.csv`);
    expect(parse(csv.body, { bom: true })).toEqual([
      ['Row', 'Column', 'Problem'],
      ...problems.map((p: { row: number; column: string; message: string }) => [
        String(p.row),
        p.column,
        p.message,
      ]),
    ]);
    expect((await post(t.headers.adminA, `/api/admin/imports/${run.id}/commit`)).json().message).toBe(
      IMPORT_MESSAGES.hasProblems,
    );
    expect(await assetsNamed(orgId, 'Boiler 1')).toEqual([]);

    const fixed = [
      'Name,Slug,Cost,Condition',
      'Boiler 1,boiler-one,10,Good',
      'Boiler 2,boiler-two,12,Good',
      'Boiler 3,boiler-three,,Fair',
      'Boiler 4,boiler-four,7.5,Good',
      `'=Boiler 5,boiler-five,-3,Poor`,
    ].join('\r\n');
    const again = await uploaded(t.headers.adminA, fixed);
    await map(t.headers.adminA, again.id, mapping);
    expect(await checked(t.headers.adminA, again.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    const done = await committed(t.headers.adminA, again.id);
    expect(done).toMatchObject({ status: 'Done', createdCount: 5, updatedCount: 0, rowsDone: 5 });

    const [condition] = await t.db
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.organizationId, orgId), eq(fieldDefinitions.key, 'condition_check')));
    expect(condition).toMatchObject({
      label: 'Condition',
      dataType: 'Select',
      options: ['Fair', 'Good', 'Poor'],
    });
    const [five] = await assetsNamed(orgId, '=Boiler 5');
    expect(five?.slug).toBe('boiler-five');
    const values = await t.db.select().from(assetFieldValues).where(eq(assetFieldValues.assetId, five!.id));
    expect(values.map((v) => v.value).sort()).toEqual(['-3', 'Poor']);
    const audits = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.organizationId, orgId), eq(auditLogEntries.entityId, five!.id)));
    expect(audits).toEqual([
      expect.objectContaining({ action: 'CREATE', entityType: 'Asset', userId: t.orgA.admin.id }),
    ]);
  });

  it('lists problems in problems.csv with cells a spreadsheet shows as text', async () => {
    // A column our export named `'=Total` (the field "=Total") and `'@Owner`, with bad numbers in them.
    const run = await uploaded(t.headers.adminA, "Name,'=Total,'@Owner\r\nPump,abc,x\r\n");
    expect(run.headers).toEqual(['Name', '=Total', '@Owner']);
    const mapping: TImportColumnTarget[] = [
      { kind: 'name' },
      { kind: 'newField', label: 'Total', key: 'total_safe', dataType: 'Number', isPublic: false },
      { kind: 'newField', label: 'Owner', key: 'owner_safe', dataType: 'Number', isPublic: false },
    ];
    expect((await map(t.headers.adminA, run.id, mapping)).statusCode).toBe(200);
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ status: 'Checked', problemCount: 2 });
    const csv = await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems.csv`);
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['2', "'=Total"],
      ['2', "'@Owner"],
    ]);
  });

  it('fails the check, never the commit, when a new field would find no display order', async () => {
    // A field set to the database's largest integer before display orders had their limit.
    const organization = await createOrganization(t.db);
    const admin = (await loginAs(t.app, await createUser(t.db, organization.id, { isAdmin: true }))).headers;
    const last = await insertField(t.db, organization.id, { label: 'Last', displayOrder: 2_147_483_647 });
    const run = await uploaded(admin, 'Name,Colour\r\nPump,Red\r\n');
    expect(run.mapping[1]).toMatchObject({ kind: 'newField', label: 'Colour' });
    const check = await post(admin, `/api/admin/imports/${run.id}/check`);
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe(IMPORT_MESSAGES.noRoomForNewFields('Last', 2_147_483_647));
    expect((await get(admin, `/api/admin/imports/${run.id}`)).json().status).toBe('Uploaded');
    expect((await post(admin, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);

    // Lowered under Fields, the same import checks and commits, its field after the last one.
    await t.db.update(fieldDefinitions).set({ displayOrder: 500 }).where(eq(fieldDefinitions.id, last.id));
    expect(await checked(admin, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(admin, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
    const [colour] = await t.db
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.organizationId, organization.id), eq(fieldDefinitions.label, 'Colour')));
    expect(colour?.displayOrder).toBe(510);
  });

  it('updates the assets whose slug the file names and keeps their other fields', async () => {
    const orgId = t.orgB.organization.id;
    const first = await uploaded(t.headers.adminB, 'Name,Slug,Floor\r\nChiller,chiller-1,1\r\n');
    await checked(t.headers.adminB, first.id);
    expect(await committed(t.headers.adminB, first.id)).toMatchObject({ createdCount: 1 });
    const second = await uploaded(t.headers.adminB, 'Name,Slug\r\nChiller (north),chiller-1\r\n');
    await checked(t.headers.adminB, second.id);
    expect(await committed(t.headers.adminB, second.id)).toMatchObject({ createdCount: 0, updatedCount: 1 });
    const [chiller] = await t.db
      .select()
      .from(assets)
      .where(and(eq(assets.organizationId, orgId), eq(assets.slug, 'chiller-1')));
    expect(chiller?.name).toBe('Chiller (north)');
    const kept = await t.db.select().from(assetFieldValues).where(eq(assetFieldValues.assetId, chiller!.id));
    expect(kept.map((v) => v.value)).toEqual(['1']);
    // The asset remembers the import that created it, not the one that updated it.
    expect(chiller?.importId).toBe(first.id);
  });

  it('refuses in its check a row that names a retired asset, which stays unchanged', async () => {
    const orgId = t.orgB.organization.id;
    const first = await uploaded(t.headers.adminB, 'Name,Slug\r\nOld lathe,old-lathe\r\n');
    await checked(t.headers.adminB, first.id);
    await committed(t.headers.adminB, first.id);
    const [lathe] = await assetsNamed(orgId, 'Old lathe');
    expect((await post(t.headers.adminB, `/api/admin/assets/${lathe!.id}/retire`)).statusCode).toBe(200);
    const second = await uploaded(t.headers.adminB, 'Name,Slug\r\nOld lathe (sold),old-lathe\r\n');
    expect(await checked(t.headers.adminB, second.id)).toMatchObject({ status: 'Checked', problemCount: 1 });
    const problems = (await get(t.headers.adminB, `/api/admin/imports/${second.id}/problems`)).json();
    expect(problems).toMatchObject([{ row: 2, column: 'Slug', message: ASSET_MESSAGES.retired }]);
    expect((await post(t.headers.adminB, `/api/admin/imports/${second.id}/commit`)).statusCode).toBe(409);
    expect(await assetsNamed(orgId, 'Old lathe (sold)')).toEqual([]);
  });

  it('refuses a mapping without a name column, a field twice, or another organization’s field', async () => {
    const run = await uploaded(t.headers.adminA, 'A,B\r\n1,2\r\n');
    const put = (columns: TImportColumnTarget[]) => map(t.headers.adminA, run.id, columns);
    expect((await put([{ kind: 'ignore' }, { kind: 'description' }])).json().message).toBe(
      IMPORT_MESSAGES.notMapped.name,
    );
    expect((await put([{ kind: 'name' }, { kind: 'name' }])).json().message).toBe(
      IMPORT_MESSAGES.mappedTwice('name'),
    );
    const fieldOfB = await insertField(t.db, t.orgB.organization.id, { key: 'b_only' });
    expect((await put([{ kind: 'name' }, { kind: 'field', fieldId: fieldOfB.id }])).statusCode).toBe(404);
    expect((await put([{ kind: 'name' }])).json().message).toBe(IMPORT_MESSAGES.wrongColumnCount);
  });

  it("answers 404 for another organization's import, and never shows or runs it", async () => {
    const run = await uploaded(t.headers.adminA, 'Name\r\nSecret pump\r\n');
    for (const url of ['', '/problems', '/problems.csv']) {
      expect((await get(t.headers.adminB, `/api/admin/imports/${run.id}${url}`)).statusCode).toBe(404);
    }
    expect((await post(t.headers.adminB, `/api/admin/imports/${run.id}/check`)).statusCode).toBe(404);
    expect((await post(t.headers.adminB, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(404);
    const put = await map(t.headers.adminB, run.id, [{ kind: 'name' }]);
    expect(put.statusCode).toBe(404);
    const listed: TImportRun[] = (await get(t.headers.adminB, '/api/admin/imports')).json();
    expect(listed.map((r) => r.id)).not.toContain(run.id);
    expect((await get(t.headers.adminA, `/api/admin/imports/${run.id}`)).json().status).toBe('Uploaded');
  });

  it('refuses to commit before the check, and to check twice at once', async () => {
    const run = await uploaded(t.headers.adminA, 'Name\r\nLonely pump\r\n');
    expect((await post(t.headers.adminA, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);
    await checked(t.headers.adminA, run.id);
    await committed(t.headers.adminA, run.id);
    expect((await post(t.headers.adminA, `/api/admin/imports/${run.id}/check`)).statusCode).toBe(409);
    expect((await post(t.headers.adminA, `/api/admin/imports/${run.id}/commit`)).statusCode).toBe(409);
  });
});
