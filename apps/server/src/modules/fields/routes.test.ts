import { DISPLAY_ORDER_MAX, DISPLAY_ORDER_MIN, FIELD_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { assetFieldValues } from '#server/db/schema.ts';
import { auditEntriesOf, fieldBody, insertField } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { FIELD_RULE_MESSAGES } from './service.ts';

const t = tenantWorld();

const post = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/fields', headers, payload });
const put = (headers: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/fields/${id}`, headers, payload });
const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/fields${query}`, headers });

describe('POST /api/admin/fields', () => {
  it('creates a definition: key trimmed and lower-cased, maxLength only for Text, audited', async () => {
    const response = await post(
      t.headers.adminA,
      fieldBody({ label: 'Serial number', key: '  Serial_No-1 ', maxLength: 40 }),
    );
    expect(response.statusCode).toBe(201);
    const field = response.json();
    expect(field).toEqual({
      id: expect.any(String),
      target: 'Asset',
      label: 'Serial number',
      key: 'serial_no-1',
      dataType: 'Text',
      isRequired: false,
      isActive: true,
      isPublic: true,
      maxLength: 40,
      optionsJson: null,
      displayOrder: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(field.createdAt).toISOString()).toBe(field.createdAt);
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, field.id);
    expect(entry).toMatchObject({
      action: 'CREATE',
      entityType: 'FieldDefinition',
      entityName: 'Serial number',
      userName: t.orgA.admin.displayName,
      changes: '{"created":true}',
    });
    expect(entry?.ipAddress).toBeTruthy();
  });

  it('keeps options only for Select (normalized; null when empty) and drops maxLength elsewhere', async () => {
    const select = await post(
      t.headers.adminA,
      fieldBody({ dataType: 'Select', optionsJson: JSON.stringify([' Red ', '', 3, 'Blue']), maxLength: 10 }),
    );
    expect(select.statusCode).toBe(201);
    expect(select.json()).toMatchObject({ optionsJson: '["Red","Blue"]', maxLength: null });
    const emptySelect = await post(t.headers.adminA, fieldBody({ dataType: 'Select', optionsJson: '[" "]' }));
    expect(emptySelect.json().optionsJson).toBeNull();
    const number = await post(
      t.headers.adminA,
      fieldBody({ dataType: 'Number', optionsJson: '["a"]', maxLength: 5 }),
    );
    expect(number.json()).toMatchObject({ optionsJson: null, maxLength: null });
    const { displayOrder, ...noOrder } = fieldBody();
    expect((await post(t.headers.adminA, noOrder)).json().displayOrder).toBe(0);
  });

  it('answers 400 with field paths for invalid payloads', async () => {
    const response = await post(t.headers.adminA, fieldBody({ label: ' ', key: 'bad key!' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(pathsAndMessages(response.json().fields)).toEqual(
      expect.arrayContaining([
        { path: 'label', message: FIELD_MESSAGES.labelRequired },
        { path: 'key', message: FIELD_MESSAGES.keyPattern },
      ]),
    );
    const options = await post(t.headers.adminA, fieldBody({ dataType: 'Select', optionsJson: '{"a":1}' }));
    expect(options.statusCode).toBe(400);
    expect(options.json().fields).toMatchObject([
      { path: 'optionsJson', message: FIELD_MESSAGES.optionsInvalid },
    ]);
    const maxLength = await post(t.headers.adminA, fieldBody({ maxLength: 0 }));
    expect(maxLength.json().fields).toMatchObject([
      { path: 'maxLength', message: FIELD_MESSAGES.maxLengthPositive },
    ]);
  });

  it.each([DISPLAY_ORDER_MAX + 1, DISPLAY_ORDER_MIN - 1, 2_147_483_647])(
    'refuses display order %i (400, path displayOrder) on create and update, writing nothing',
    async (order) => {
      const keep = (
        await post(t.headers.adminA, fieldBody({ key: `order_${order < 0 ? 'low' : order}` }))
      ).json();
      for (const response of [
        await post(t.headers.adminA, fieldBody({ key: 'order_refused', displayOrder: order })),
        await put(t.headers.adminA, keep.id, fieldBody({ key: keep.key, displayOrder: order })),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toMatchObject([
          { path: 'displayOrder', message: FIELD_MESSAGES.displayOrderInteger },
        ]);
      }
      const listed: { key: string; displayOrder: number }[] = (
        await list(t.headers.adminA, '?includeInactive=true')
      ).json();
      expect(listed.find((field) => field.key === 'order_refused')).toBeUndefined();
      expect(listed.find((field) => field.key === keep.key)?.displayOrder).toBe(keep.displayOrder);
    },
  );

  it('takes the ends of the display order range', async () => {
    for (const [key, order] of [
      ['order_max', DISPLAY_ORDER_MAX],
      ['order_min', DISPLAY_ORDER_MIN],
    ] as const) {
      const response = await post(t.headers.adminA, fieldBody({ key, displayOrder: order }));
      expect(response.statusCode).toBe(201);
      expect(response.json().displayOrder).toBe(order);
    }
  });

  it('refuses a key already used for the same target (409, path key); the other target or organization may reuse it', async () => {
    expect((await post(t.headers.adminA, fieldBody({ key: 'location' }))).statusCode).toBe(201);
    const duplicate = await post(t.headers.adminA, fieldBody({ key: ' LOCATION ' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CONFLICT',
      message: FIELD_MESSAGES.keyTaken,
      fields: [{ path: 'key', message: FIELD_MESSAGES.keyTaken }],
    });
    expect(
      (await post(t.headers.adminA, fieldBody({ key: 'location', target: 'MaintenanceEvent' }))).statusCode,
    ).toBe(201);
    expect((await post(t.headers.adminB, fieldBody({ key: 'location' }))).statusCode).toBe(201);
  });

  it('is for administrators only', async () => {
    expect((await post(t.headers.memberA, fieldBody())).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/fields', payload: fieldBody() })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/admin/fields/:id', () => {
  it('replaces the definition (deactivate, relabel) and audits the changes', async () => {
    const created = (await post(t.headers.adminA, fieldBody({ label: 'Colour', key: 'colour' }))).json();
    const response = await put(
      t.headers.adminA,
      created.id,
      fieldBody({ label: 'Color', key: 'colour', isActive: false }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, label: 'Color', isActive: false });
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, created.id);
    expect(entry?.action).toBe('UPDATE');
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { label: { from: 'Colour', to: 'Color' }, isActive: { from: true, to: false } },
    });
    const reactivated = await put(
      t.headers.adminA,
      created.id,
      fieldBody({ label: 'Color', key: 'colour', isActive: true }),
    );
    expect(reactivated.json().isActive).toBe(true);
  });

  it('keeps the visibility an update leaves out, changes the one it gives, and audits the change', async () => {
    const internal = (
      await post(t.headers.adminA, fieldBody({ key: 'owner_email', isPublic: false }))
    ).json();
    expect(internal.isPublic).toBe(false);
    const { isPublic: _, ...withoutVisibility } = fieldBody({ key: 'owner_email', label: 'Owner email' });
    const relabelled = await put(t.headers.adminA, internal.id, withoutVisibility);
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json()).toMatchObject({ label: 'Owner email', isPublic: false });
    const published = await put(t.headers.adminA, internal.id, { ...withoutVisibility, isPublic: true });
    expect(published.json().isPublic).toBe(true);
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, internal.id);
    expect(JSON.parse(entry!.changes!)).toEqual({ changes: { isPublic: { from: false, to: true } } });
  });

  it('refuses a change of target (400, path target) and a key taken by another field (409)', async () => {
    const field = (await post(t.headers.adminA, fieldBody({ key: 'model' }))).json();
    await post(t.headers.adminA, fieldBody({ key: 'maker' }));
    const target = await put(
      t.headers.adminA,
      field.id,
      fieldBody({ key: 'model', target: 'MaintenanceEvent' }),
    );
    expect(target.statusCode).toBe(400);
    expect(target.json()).toMatchObject({
      code: 'VALIDATION',
      message: FIELD_RULE_MESSAGES.targetFixed,
      fields: [{ path: 'target', message: FIELD_RULE_MESSAGES.targetFixed }],
    });
    const key = await put(t.headers.adminA, field.id, fieldBody({ key: 'maker' }));
    expect(key.statusCode).toBe(409);
    expect(key.json().fields).toMatchObject([{ path: 'key', message: FIELD_MESSAGES.keyTaken }]);
  });

  it('changes the data type only while no value is stored (409 after)', async () => {
    const field = (await post(t.headers.adminA, fieldBody({ key: 'capacity' }))).json();
    const asNumber = await put(
      t.headers.adminA,
      field.id,
      fieldBody({ key: 'capacity', dataType: 'Number' }),
    );
    expect(asNumber.statusCode).toBe(200);
    const asset = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: t.headers.adminA,
      payload: { name: 'Tank', fields: [{ fieldId: field.id, value: '12' }] },
    });
    expect(asset.statusCode).toBe(201);
    const refused = await put(t.headers.adminA, field.id, fieldBody({ key: 'capacity', dataType: 'Text' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: FIELD_RULE_MESSAGES.dataTypeFixed,
      fields: [{ path: 'dataType', message: FIELD_RULE_MESSAGES.dataTypeFixed }],
    });
    // Other changes are still allowed.
    expect(
      (
        await put(
          t.headers.adminA,
          field.id,
          fieldBody({ key: 'capacity', dataType: 'Number', label: 'Cap' }),
        )
      ).statusCode,
    ).toBe(200);
    const stored = await t.db.select().from(assetFieldValues);
    expect(stored.some((v) => v.fieldId === field.id && v.value === '12')).toBe(true);
  });

  it('answers 404 for another organization’s field or a malformed id, 403 for members', async () => {
    const fieldA = await insertField(t.db, t.orgA.organization.id);
    expect((await put(t.headers.adminB, fieldA.id, fieldBody({ key: fieldA.key }))).statusCode).toBe(404);
    expect((await put(t.headers.adminA, 'not-a-uuid', fieldBody())).statusCode).toBe(404);
    expect((await put(t.headers.memberA, fieldA.id, fieldBody({ key: fieldA.key }))).statusCode).toBe(403);
  });
});

describe('GET /api/fields', () => {
  it('lists the organization’s definitions by display order then label, active only by default', async () => {
    const { organization, admin } = t.orgB;
    const headers = (await loginAs(t.app, admin)).headers;
    await insertField(t.db, organization.id, { label: 'Zeta', displayOrder: 10 });
    await insertField(t.db, organization.id, { label: 'Beta', displayOrder: 5 });
    await insertField(t.db, organization.id, { label: 'Alpha', displayOrder: 5 });
    await insertField(t.db, organization.id, { label: 'Retired', displayOrder: 1, isActive: false });
    await insertField(t.db, organization.id, { label: 'Event field', target: 'MaintenanceEvent' });

    const active = (await list(headers, '?target=Asset')).json();
    expect(active.map((f: { label: string }) => f.label)).toEqual(['Serial number', 'Alpha', 'Beta', 'Zeta']);
    const all = (await list(headers, '?target=Asset&includeInactive=true')).json();
    expect(all.map((f: { label: string }) => f.label)).toEqual([
      'Serial number',
      'Retired',
      'Alpha',
      'Beta',
      'Zeta',
    ]);
    const events = (await list(headers, '?target=MaintenanceEvent')).json();
    expect(events.map((f: { label: string }) => f.label)).toEqual(['Event field']);
    const everything = (await list(headers)).json();
    expect(everything).toHaveLength(5);
  });

  it('is open to members, scoped to their organization, and validates the query', async () => {
    const response = await list(t.headers.memberA, '?target=Asset&includeInactive=true');
    expect(response.statusCode).toBe(200);
    const ids = new Set(response.json().map((f: { id: string }) => f.id));
    const fieldsOfB = (await list(t.headers.adminB, '?includeInactive=true')).json();
    for (const field of fieldsOfB) expect(ids.has(field.id)).toBe(false);
    expect((await list(t.headers.memberA, '?target=Nope')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/fields' })).statusCode).toBe(401);
  });
});
