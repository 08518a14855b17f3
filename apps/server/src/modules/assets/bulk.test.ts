import {
  ASSET_SELECTION_MAX,
  ASSET_SELECTION_MESSAGES,
  BULK_MESSAGES,
  filterParam,
  type TBulkFieldValueBody,
} from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetFieldValues, assets, auditLogEntries } from '#server/db/schema.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

let location: string;
let size: string;
let required: string;
let retiredField: string;
let fieldOfB: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const orgA = t.orgA.organization.id;
  location = (
    await insertField(t.db, orgA, { label: 'Location', dataType: 'Select', options: ['Roof', 'Yard'] })
  ).id;
  size = (await insertField(t.db, orgA, { label: 'Size', dataType: 'Number' })).id;
  required = (await insertField(t.db, orgA, { label: 'Owner', isRequired: true })).id;
  retiredField = (await insertField(t.db, orgA, { label: 'Old', isActive: false })).id;
  fieldOfB = (await insertField(t.db, t.orgB.organization.id, { label: 'Location', dataType: 'Text' })).id;
  for (const name of ['Pump 1', 'Pump 2', 'Pump 3', 'Fan 1']) {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, {
      name,
      fields: [{ fieldId: required, value: 'Ops' }],
    });
    ids[name] = asset.id;
  }
  ids.B = (await createAssetViaApi(t.app, t.headers.adminB, { name: 'Pump of B' })).id;
  await t.db.update(assets).set({ retiredAt: new Date() }).where(eq(assets.id, ids['Pump 3']!));
});

const bulk = (payload: TBulkFieldValueBody | Record<string, unknown>, headers = t.headers.memberA) =>
  t.app.inject({ method: 'POST', url: '/api/assets/bulk/field-value', headers, payload });

async function valuesOf(fieldId: string): Promise<Record<string, string>> {
  const rows = await t.db
    .select({ assetId: assetFieldValues.assetId, value: assetFieldValues.value })
    .from(assetFieldValues)
    .where(eq(assetFieldValues.fieldId, fieldId));
  const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return Object.fromEntries(rows.map((row) => [byName[row.assetId] ?? row.assetId, row.value]));
}

const auditCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogEntries))[0]!.n;

describe('POST /api/assets/bulk/field-value', () => {
  it('gives the ticked assets a value, with an audit entry each, and changes nothing when sent again', async () => {
    const before = await t.db.select().from(assets).where(eq(assets.id, ids['Pump 1']!));
    const response = await bulk({
      assetIds: [ids['Pump 1']!, ids['Fan 1']!],
      fieldId: location,
      value: 'Roof',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ selected: 2, changed: 2 });
    expect(await valuesOf(location)).toEqual({ 'Pump 1': 'Roof', 'Fan 1': 'Roof' });
    const [after] = await t.db.select().from(assets).where(eq(assets.id, ids['Pump 1']!));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime());
    expect(after!.updatedById).toBe(t.orgA.member.id);
    const [entry] = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, ids['Pump 1']!), eq(auditLogEntries.action, 'UPDATE')));
    expect(entry).toMatchObject({ userId: t.orgA.member.id, entityType: 'Asset', entityName: 'Pump 1' });
    expect(JSON.parse(entry!.changes!)).toEqual({ changes: { Location: { from: null, to: 'Roof' } } });

    const entries = await auditCount();
    const again = await bulk({ assetIds: [ids['Pump 1']!, ids['Fan 1']!], fieldId: location, value: 'Roof' });
    expect(again.json()).toEqual({ selected: 2, changed: 0 });
    expect(await auditCount()).toBe(entries);
  });

  it('acts on every asset the list shows for a query, leaving retired assets as they are', async () => {
    const response = await bulk({ query: { search: 'pump', status: 'all' }, fieldId: size, value: '12.5' });
    expect(response.json()).toEqual({ selected: 3, changed: 2 });
    expect(await valuesOf(size)).toEqual({ 'Pump 1': '12.5', 'Pump 2': '12.5' });
    const filtered = await bulk({
      query: { filter: [filterParam({ fieldId: location, operator: 'any', value: 'Roof' })] },
      fieldId: size,
      value: null,
    });
    expect(filtered.json()).toEqual({ selected: 2, changed: 1 });
    expect(await valuesOf(size)).toEqual({ 'Pump 2': '12.5' });
  });

  it('refuses a value the field does not take, and a retired field, writing nothing', async () => {
    const entries = await auditCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fieldId: location, value: 'Attic' }, 400, 'Please provide a valid value.'],
      [{ fieldId: size, value: 'ten' }, 400, 'Please provide a valid value.'],
      [{ fieldId: required, value: '' }, 400, 'Owner is required.'],
      [{ fieldId: retiredField, value: 'x' }, 400, BULK_MESSAGES.fieldRetired],
      [{ fieldId: fieldOfB, value: 'x' }, 404, 'Field not found.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await bulk({ assetIds: [ids['Pump 1']!], ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await auditCount()).toBe(entries);
  });

  it('refuses a bad selection: none, both sources, none found, too many', async () => {
    const none = await bulk({ fieldId: size, value: '1' });
    expect(none.json().fields).toMatchObject([
      { path: 'assetIds', message: ASSET_SELECTION_MESSAGES.oneSource },
    ]);
    const both = await bulk({ assetIds: [ids['Pump 1']!], query: {}, fieldId: size, value: '1' });
    expect(both.statusCode).toBe(400);
    const nothing = await bulk({ query: { search: 'no such asset' }, fieldId: size, value: '1' });
    expect(nothing.json().message).toBe(ASSET_SELECTION_MESSAGES.noneFound);
    const tooManyIds = await bulk({
      assetIds: Array.from({ length: ASSET_SELECTION_MAX + 1 }, () => crypto.randomUUID()),
      fieldId: size,
      value: '1',
    });
    expect(tooManyIds.json().fields[0].message).toBe(ASSET_SELECTION_MESSAGES.tooMany);

    // A register longer than the limit, in an organization of its own.
    const big = await createOrganization(t.db);
    const admin = await createUser(t.db, big.id, { isAdmin: true });
    const field = await insertField(t.db, big.id, { dataType: 'Number' });
    await t.db.execute(sql`insert into assets (id, organization_id, name, slug)
      select gen_random_uuid(), ${big.id}::uuid, 'Valve ' || i, 'valve-' || i
      from generate_series(1, ${ASSET_SELECTION_MAX + 1}) as i`);
    const headers = (await loginAs(t.app, admin)).headers;
    const tooMany = await bulk({ query: {}, fieldId: field.id, value: '1' }, headers);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(ASSET_SELECTION_MESSAGES.tooMany);
    const limit = await bulk({ query: { search: 'valve-1' }, fieldId: field.id, value: '1' }, headers);
    // valve-1, -10..-19, -100..-199, -1000..-1999: 1,111 assets, in chunks.
    expect(limit.json()).toEqual({ selected: 1111, changed: 1111 });
  });

  it('never reaches another organization: its assets answer 404 and nothing changes', async () => {
    const entries = await auditCount();
    const mixed = await bulk({ assetIds: [ids['Fan 1']!, ids.B!], fieldId: location, value: 'Yard' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe('Asset not found.');
    expect((await valuesOf(location))['Fan 1']).toBe('Roof');
    // B's member, B's field, a query: B's assets only.
    const ofB = await bulk({ query: {}, fieldId: fieldOfB, value: 'Roof' }, t.headers.memberB);
    expect(ofB.json()).toEqual({ selected: 1, changed: 1 });
    expect(await valuesOf(fieldOfB)).toEqual({ B: 'Roof' });
    const aFieldFromB = await bulk({ query: {}, fieldId: location, value: 'Roof' }, t.headers.memberB);
    expect(aFieldFromB.statusCode).toBe(404);
    expect(await auditCount()).toBe(entries + 1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/assets/bulk/field-value', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/admin/assets/bulk/retire', () => {
  const retire = (payload: Record<string, unknown>, headers = t.headers.adminA) =>
    t.app.inject({ method: 'POST', url: '/api/admin/assets/bulk/retire', headers, payload });
  const crane: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['Crane 1', 'Crane 2', 'Crane 3', 'Crane 4']) {
      crane[name] = (
        await createAssetViaApi(t.app, t.headers.adminA, {
          name,
          fields: [{ fieldId: required, value: 'Ops' }],
        })
      ).id;
    }
    // Crane 3 has an open task.
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${crane['Crane 3']}/events`,
      headers: t.headers.adminA,
      payload: { title: 'Inspect' },
    });
    expect(event.statusCode).toBe(201);
  });

  const inService = async () =>
    (
      await t.db
        .select({ name: assets.name })
        .from(assets)
        .where(and(sql`${assets.name} like 'Crane %'`, sql`${assets.retiredAt} is null`))
        .orderBy(assets.name)
    ).map((row) => row.name);

  it('is for administrators only', async () => {
    const member = await retire({ assetIds: [crane['Crane 1']!] }, t.headers.memberA);
    expect(member.statusCode).toBe(403);
    expect(await inService()).toEqual(['Crane 1', 'Crane 2', 'Crane 3', 'Crane 4']);
  });

  it('retires the ticked assets, leaving those with open tasks in service, an audit entry each', async () => {
    const response = await retire({ assetIds: [crane['Crane 1']!, crane['Crane 3']!] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ selected: 2, changed: 1, withOpenTasks: 1 });
    expect(await inService()).toEqual(['Crane 2', 'Crane 3', 'Crane 4']);
    const [entry] = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, crane['Crane 1']!), eq(auditLogEntries.action, 'RETIRE')));
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { Status: { from: 'In service', to: 'Retired' } },
    });
    const again = await retire({ assetIds: [crane['Crane 1']!] });
    expect(again.json()).toEqual({ selected: 1, changed: 0, withOpenTasks: 0 });
  });

  it('retires every asset the list shows for a query, never another organization’s', async () => {
    const foreign = await retire({ assetIds: [crane['Crane 2']!, ids.B!] });
    expect(foreign.statusCode).toBe(404);
    expect(await inService()).toEqual(['Crane 2', 'Crane 3', 'Crane 4']);
    const fromB = await retire({ query: { search: 'crane' } }, t.headers.adminB);
    expect(fromB.statusCode).toBe(400);
    expect(fromB.json().message).toBe(ASSET_SELECTION_MESSAGES.noneFound);
    const byQuery = await retire({ query: { search: 'crane' } });
    expect(byQuery.json()).toEqual({ selected: 3, changed: 2, withOpenTasks: 1 });
    expect(await inService()).toEqual(['Crane 3']);
  });
});
