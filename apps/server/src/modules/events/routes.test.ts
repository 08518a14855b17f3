import { EVENT_MESSAGES, FIELD_VALUE_MESSAGES, UPLOAD_MESSAGES } from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLogEntries,
  eventChangeEntries,
  eventFieldValues,
  files,
  maintenanceEvents,
  pendingUploads,
} from '#server/db/schema.ts';
import { auditEntriesOf, createAssetViaApi, fieldBody, insertField } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { stageUpload } from '#server/test/upload-fixtures.ts';
import { FIELD_VALUES_MESSAGES } from '../fields/index.ts';

type Headers = Record<string, string>;

const t = tenantWorld();

const createEvent = (headers: Headers, assetId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/assets/${assetId}/events`, headers, payload });
const updateEvent = (headers: Headers, assetId: string, eventId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/assets/${assetId}/events/${eventId}`, headers, payload });
const taskAction = (headers: Headers, assetId: string, eventId: string, action: 'start' | 'complete') =>
  t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events/${eventId}/${action}`,
    headers,
    payload: {},
  });

async function createEventOk(headers: Headers, assetId: string, payload: object) {
  const response = await createEvent(headers, assetId, payload);
  if (response.statusCode !== 201) throw new Error(`create event: ${response.statusCode} ${response.body}`);
  return response.json();
}

const eventRow = async (id: string) =>
  (await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, id)))[0];
const changeEntriesOf = (eventId: string) =>
  t.db.select().from(eventChangeEntries).where(eq(eventChangeEntries.eventId, eventId));
const eventsOfAsset = (assetId: string) =>
  t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.assetId, assetId));

/** A fresh organization (its own field definitions) with a member signed in. */
async function makeOrg() {
  const organization = await createOrganization(t.db);
  const member = await createUser(t.db, organization.id, {
    displayName: `Tech ${organization.id.slice(-4)}`,
  });
  const headers = (await loginAs(t.app, member)).headers;
  const asset = await createAssetViaApi(t.app, headers, { name: 'Compressor' });
  return { organization, member, headers, asset };
}

describe('POST /api/assets/:id/events', () => {
  it('creates a Pending event with performedAt now by default, its values, and a CREATE audit entry', async () => {
    const { organization, member, headers, asset } = await makeOrg();
    const hours = await insertField(t.db, organization.id, { target: 'MaintenanceEvent', label: 'Hours' });
    const before = Date.now();
    const response = await createEvent(headers, asset.id, {
      title: '  Oil change ',
      notes: '',
      recordedBy: 'Ann',
      fields: [{ fieldId: hours.id, value: ' 3 ' }],
    });
    expect(response.statusCode).toBe(201);
    const event = response.json();
    expect(event).toMatchObject({
      title: 'Oil change',
      notes: null,
      recordedBy: 'Ann',
      taskStatus: 'Pending',
      taskStartedAt: null,
      taskStartedBy: null,
      taskCompletedAt: null,
      taskCompletedBy: null,
      updatedBy: member.displayName,
      fields: [{ fieldId: hours.id, label: 'Hours', value: '3' }],
      files: [],
      changeLog: [],
    });
    const performedAt = Date.parse(event.performedAt);
    expect(performedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(performedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const row = await eventRow(event.id);
    expect(row).toMatchObject({
      organizationId: organization.id,
      assetId: asset.id,
      taskStatus: 'Pending',
      createdById: member.id,
    });
    const entries = await auditEntriesOf(t.db, organization.id, event.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      entityName: 'Oil change',
      userId: member.id,
      changes: '{"created":true}',
      ipAddress: '127.0.0.1',
    });
    // The asset shows it.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/assets/${asset.id}`, headers })).json();
    expect(detail.events).toEqual([event]);
  });

  it('starts the task at once with startTask, stamped by the creator; keeps a given performedAt', async () => {
    const { member, headers, asset } = await makeOrg();
    const before = Date.now();
    const event = await createEventOk(headers, asset.id, {
      title: 'Belt',
      performedAt: '2024-03-01T08:30:00+01:00',
      startTask: true,
    });
    expect(event).toMatchObject({
      performedAt: '2024-03-01T07:30:00.000Z',
      taskStatus: 'InProgress',
      taskStartedBy: member.displayName,
      taskCompletedAt: null,
    });
    expect(Date.parse(event.taskStartedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await eventRow(event.id))?.taskStartedById).toBe(member.id);
    const pending = await createEventOk(headers, asset.id, { title: 'Not started', startTask: false });
    expect(pending.taskStatus).toBe('Pending');
  });

  it('answers 400 with the documented messages and saves nothing', async () => {
    const { headers, asset } = await makeOrg();
    const cases: [object, { path: string; message: string }][] = [
      [{}, { path: 'title', message: EVENT_MESSAGES.titleRequired }],
      [{ title: '   ' }, { path: 'title', message: EVENT_MESSAGES.titleRequired }],
      [{ title: 'x'.repeat(201) }, { path: 'title', message: EVENT_MESSAGES.titleTooLong }],
      [
        { title: 'ok', notes: 'n'.repeat(4001) },
        { path: 'notes', message: EVENT_MESSAGES.notesTooLong },
      ],
      [
        { title: 'ok', recordedBy: 'r'.repeat(201) },
        { path: 'recordedBy', message: EVENT_MESSAGES.recordedByTooLong },
      ],
      [
        { title: 'ok', performedAt: 'yesterday' },
        { path: 'performedAt', message: EVENT_MESSAGES.performedAtInvalid },
      ],
      [
        { title: 'ok', performedAt: '2024-03-01T08:30:00' },
        { path: 'performedAt', message: EVENT_MESSAGES.performedAtInvalid },
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await createEvent(headers, asset.id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: [error] });
    }
    // The limits themselves are accepted.
    await createEventOk(headers, asset.id, {
      title: 'x'.repeat(200),
      notes: 'n'.repeat(4000),
      recordedBy: 'r'.repeat(200),
    });
    expect(await eventsOfAsset(asset.id)).toHaveLength(1);
  });

  it('checks custom values against the MaintenanceEvent definitions (paths fields.<id>)', async () => {
    const { organization, headers, asset } = await makeOrg();
    const field = (overrides: Parameters<typeof insertField>[2]) =>
      insertField(t.db, organization.id, { target: 'MaintenanceEvent', ...overrides });
    const required = await field({ label: 'Technician', isRequired: true, displayOrder: 1 });
    const short = await field({ label: 'Code', maxLength: 3 });
    const number = await field({ label: 'Hours', dataType: 'Number' });
    const flag = await field({ label: 'Passed', dataType: 'Boolean' });
    const date = await field({ label: 'Next due', dataType: 'Date' });
    const select = await field({ label: 'Result', dataType: 'Select', options: ['OK', 'Fail'] });
    const retired = await field({ label: 'Legacy', isActive: false, isRequired: true });
    const assetField = await insertField(t.db, organization.id, { label: 'Asset only' });
    const foreign = await insertField(t.db, t.orgA.organization.id, { target: 'MaintenanceEvent' });

    const response = await createEvent(headers, asset.id, {
      title: 'Checked',
      fields: [
        { fieldId: short.id, value: 'ABCD' },
        { fieldId: number.id, value: '1,5' },
        { fieldId: flag.id, value: 'yes' },
        { fieldId: date.id, value: '2024-02-30' },
        { fieldId: select.id, value: 'Maybe' },
        { fieldId: assetField.id, value: 'x' },
        { fieldId: foreign.id, value: 'x' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(FIELD_VALUES_MESSAGES.invalid);
    const unknown = FIELD_VALUES_MESSAGES.unknownField('MaintenanceEvent');
    expect(unknown).toBe('This field does not exist for maintenance events of this organization.');
    expect(pathsAndMessages(body.fields)).toEqual(
      expect.arrayContaining([
        { path: `fields.${required.id}`, message: FIELD_VALUE_MESSAGES.required('Technician') },
        { path: `fields.${short.id}`, message: FIELD_VALUE_MESSAGES.tooLong(3) },
        { path: `fields.${number.id}`, message: FIELD_VALUE_MESSAGES.invalid },
        { path: `fields.${flag.id}`, message: FIELD_VALUE_MESSAGES.invalid },
        { path: `fields.${date.id}`, message: FIELD_VALUE_MESSAGES.invalid },
        { path: `fields.${select.id}`, message: FIELD_VALUE_MESSAGES.invalid },
        { path: `fields.${assetField.id}`, message: unknown },
        { path: `fields.${foreign.id}`, message: unknown },
      ]),
    );
    expect(body.fields).toHaveLength(8);
    expect(await eventsOfAsset(asset.id)).toHaveLength(0);

    // Valid values are saved trimmed; the retired (even required) field is ignored, its value not stored.
    const event = await createEventOk(headers, asset.id, {
      title: 'Valid',
      fields: [
        { fieldId: required.id, value: ' Ann ' },
        { fieldId: short.id, value: 'ABC' },
        { fieldId: number.id, value: '-1.5' },
        { fieldId: flag.id, value: 'true' },
        { fieldId: date.id, value: '2024-02-29' },
        { fieldId: select.id, value: 'OK' },
        { fieldId: retired.id, value: 'ignored' },
      ],
    });
    // In display order, then by label, each with its field's data type (screens word it, ADR 118).
    const shown = [
      { fieldId: short.id, label: 'Code', value: 'ABC', dataType: 'Text' },
      { fieldId: number.id, label: 'Hours', value: '-1.5', dataType: 'Number' },
      { fieldId: date.id, label: 'Next due', value: '2024-02-29', dataType: 'Date' },
      { fieldId: flag.id, label: 'Passed', value: 'true', dataType: 'Boolean' },
      { fieldId: select.id, label: 'Result', value: 'OK', dataType: 'Select' },
      { fieldId: required.id, label: 'Technician', value: 'Ann', dataType: 'Text' },
    ];
    expect(event.fields).toEqual(shown);
    // The asset page's events list carries the same types.
    const page = await t.app.inject({ url: `/api/assets/${asset.id}`, headers });
    expect(page.json().events.find((e: { id: string }) => e.id === event.id).fields).toEqual(shown);
    const stored = await t.db.select().from(eventFieldValues).where(eq(eventFieldValues.eventId, event.id));
    expect(stored.map((v) => v.fieldId)).not.toContain(retired.id);
    expect(stored).toHaveLength(6);
  });

  it('records a new attachment with the stored size and the content type pinned at presign', async () => {
    const { organization, member, headers, asset } = await makeOrg();
    const staged = await stageUpload(t.app, t.db, member, {
      fileName: 'photo.png',
      contentType: 'image/png',
      bytes: Buffer.from('not really a png, 29 bytes..'),
    });
    const event = await createEventOk(headers, asset.id, {
      title: 'With photo',
      files: [{ objectKey: staged.objectKey, fileName: 'Pump photo.png', contentType: 'text/html', size: 5 }],
    });
    expect(event.files).toEqual([
      {
        id: expect.any(String),
        objectKey: staged.objectKey,
        fileName: 'Pump photo.png',
        contentType: 'image/png',
        size: staged.size,
        publicUrl: `/public/orgs/${organization.id}/files/${event.files[0].id}`,
      },
    ]);
    const [row] = await t.db.select().from(files).where(eq(files.objectKey, staged.objectKey));
    expect(row).toMatchObject({
      eventId: event.id,
      assetId: asset.id,
      size: staged.size,
      createdById: member.id,
    });
    // The pending upload is claimed: the same key cannot be attached to another event.
    expect(
      await t.db.select().from(pendingUploads).where(eq(pendingUploads.objectKey, staged.objectKey)),
    ).toEqual([]);
    const again = await createEvent(headers, asset.id, {
      title: 'Reuse',
      files: [{ objectKey: staged.objectKey, fileName: 'x.png' }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toMatchObject([{ path: 'files.0', message: UPLOAD_MESSAGES.unknownUpload }]);
  });

  it('refuses an upload key of another organization (400) and saves nothing', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberB, { name: 'B pump' });
    const stagedA = await stageUpload(t.app, t.db, t.orgA.member);
    const response = await createEvent(t.headers.memberB, asset.id, {
      title: 'Steal',
      files: [{ objectKey: stagedA.objectKey, fileName: 'a.pdf' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'files.0', message: UPLOAD_MESSAGES.unknownUpload }],
    });
    expect(await eventsOfAsset(asset.id)).toHaveLength(0);
    expect(await t.db.select().from(files).where(eq(files.objectKey, stagedA.objectKey))).toHaveLength(0);
    // A's upload is still A's to attach.
    const assetA = await createAssetViaApi(t.app, t.headers.memberA, { name: 'A pump' });
    const ok = await createEventOk(t.headers.memberA, assetA.id, {
      title: 'Mine',
      files: [{ objectKey: stagedA.objectKey, fileName: 'a.pdf' }],
    });
    expect(ok.files).toHaveLength(1);
  });
});

describe('PUT /api/assets/:id/events/:eventId', () => {
  it('writes the change log in the documented wording, the UPDATE audit entry, and swaps attachments', async () => {
    const { organization, member, headers, asset } = await makeOrg();
    const hours = await insertField(t.db, organization.id, {
      target: 'MaintenanceEvent',
      label: 'Hours',
      displayOrder: 1,
    });
    const part = await insertField(t.db, organization.id, {
      target: 'MaintenanceEvent',
      label: 'Part number',
      displayOrder: 2,
    });
    const first = await stageUpload(t.app, t.db, member, { fileName: 'before.pdf' });
    const event = await createEventOk(headers, asset.id, {
      title: 'Oil change',
      notes: 'Synthetic',
      recordedBy: 'Ann',
      performedAt: '2024-05-01T10:00:00Z',
      fields: [{ fieldId: hours.id, value: '3' }],
      files: [{ objectKey: first.objectKey, fileName: 'before.pdf' }],
    });
    const second = await stageUpload(t.app, t.db, member, { fileName: 'after.pdf' });
    const editor = await createUser(t.db, organization.id, { displayName: 'Editor Eve' });
    const editorHeaders = (await loginAs(t.app, editor)).headers;

    const response = await updateEvent(editorHeaders, asset.id, event.id, {
      title: 'Oil and filter change',
      notes: '',
      recordedBy: 'Bob',
      performedAt: '2024-05-02T10:00:00Z',
      fields: [{ fieldId: part.id, value: 'P-7' }],
      files: [{ objectKey: second.objectKey, fileName: 'after.pdf' }],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: event.id,
      title: 'Oil and filter change',
      notes: null,
      recordedBy: 'Bob',
      performedAt: '2024-05-02T10:00:00.000Z',
      updatedBy: 'Editor Eve',
      fields: [{ fieldId: part.id, label: 'Part number', value: 'P-7' }],
      files: [expect.objectContaining({ objectKey: second.objectKey, fileName: 'after.pdf' })],
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(event.updatedAt));
    expect(updated.changeLog).toEqual([
      {
        id: expect.any(String),
        changedAt: updated.updatedAt,
        changedBy: 'Editor Eve',
        changes: [
          'Title updated',
          'Notes cleared',
          'Recorded by updated',
          'Performed at updated',
          'Hours cleared',
          'Part number updated',
          'Attachments updated',
        ],
      },
    ]);
    // The removed attachment is gone from the database and from storage.
    expect(await t.db.select().from(files).where(eq(files.objectKey, first.objectKey))).toEqual([]);
    expect(await t.app.storage.stat(first.objectKey)).toBeUndefined();
    expect(await t.app.storage.stat(second.objectKey)).toEqual({ size: second.size });

    const [entry] = await auditEntriesOf(t.db, organization.id, event.id);
    expect(entry).toMatchObject({
      action: 'UPDATE',
      entityType: 'MaintenanceEvent',
      entityName: 'Oil and filter change',
      userId: editor.id,
      ipAddress: '127.0.0.1',
    });
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: {
        title: { from: 'Oil change', to: 'Oil and filter change' },
        notes: { from: 'Synthetic', to: null },
        recordedBy: { from: 'Ann', to: 'Bob' },
        performedAt: { from: '2024-05-01T10:00:00.000Z', to: '2024-05-02T10:00:00.000Z' },
        Hours: { from: '3', to: null },
        'Part number': { from: null, to: 'P-7' },
        attachments: { from: ['before.pdf'], to: ['after.pdf'] },
      },
    });

    // Second edit: set, clear and update; newest change log entry first.
    const third = await updateEvent(headers, asset.id, event.id, {
      title: 'Oil and filter change',
      notes: 'Mineral',
      recordedBy: null,
      fields: [
        { fieldId: hours.id, value: '4' },
        { fieldId: part.id, value: 'P-7' },
      ],
      files: [{ objectKey: second.objectKey, fileName: 'after.pdf' }],
    });
    expect(third.statusCode).toBe(200);
    const log = third.json().changeLog;
    expect(log.map((c: { changes: string[] }) => c.changes)).toEqual([
      ['Notes updated', 'Recorded by cleared', 'Hours updated'],
      [
        'Title updated',
        'Notes cleared',
        'Recorded by updated',
        'Performed at updated',
        'Hours cleared',
        'Part number updated',
        'Attachments updated',
      ],
    ]);
    expect(log[0].changedBy).toBe(member.displayName);
    // performedAt absent on edit: unchanged.
    expect(third.json().performedAt).toBe('2024-05-02T10:00:00.000Z');
    expect(await auditEntriesOf(t.db, organization.id, event.id)).toHaveLength(3);
  });

  it('writes nothing for an edit that changes nothing (same instant in another offset, same files)', async () => {
    const { organization, member, headers, asset } = await makeOrg();
    const staged = await stageUpload(t.app, t.db, member);
    const event = await createEventOk(headers, asset.id, {
      title: 'Same',
      notes: 'Text',
      performedAt: '2024-05-01T10:00:00Z',
      files: [{ objectKey: staged.objectKey, fileName: staged.fileName }],
    });
    const response = await updateEvent(headers, asset.id, event.id, {
      title: ' Same ',
      notes: 'Text',
      recordedBy: '',
      performedAt: '2024-05-01T12:00:00+02:00',
      files: [{ objectKey: staged.objectKey, fileName: 'renamed is ignored.pdf' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(event);
    expect(await changeEntriesOf(event.id)).toEqual([]);
    expect(await auditEntriesOf(t.db, organization.id, event.id)).toHaveLength(1);
    expect((await eventRow(event.id))?.updatedAt.toISOString()).toBe(event.updatedAt);
  });

  it('keeps retired values on edit and does not log them', async () => {
    const { organization, headers, asset } = await makeOrg();
    const legacy = await insertField(t.db, organization.id, { target: 'MaintenanceEvent', label: 'Legacy' });
    const event = await createEventOk(headers, asset.id, {
      title: 'Old',
      fields: [{ fieldId: legacy.id, value: 'kept' }],
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/fields/${legacy.id}`,
      headers: (await loginAs(t.app, await createUser(t.db, organization.id, { isAdmin: true }))).headers,
      payload: {
        target: 'MaintenanceEvent',
        label: 'Legacy',
        key: legacy.key,
        dataType: 'Text',
        isActive: false,
      },
    });
    const response = await updateEvent(headers, asset.id, event.id, { title: 'New', fields: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json().fields).toEqual([
      { fieldId: legacy.id, label: 'Legacy', value: 'kept', dataType: 'Text' },
    ]);
    expect(response.json().changeLog[0].changes).toEqual(['Title updated']);
  });

  it('keeps an unchanged retired select option on edit and refuses choosing one anew (ADR 020)', async () => {
    const { organization, headers, asset } = await makeOrg();
    const outcome = await insertField(t.db, organization.id, {
      target: 'MaintenanceEvent',
      label: 'Outcome',
      dataType: 'Select',
      options: ['Fixed', 'Replaced', 'Deferred'],
    });
    const event = await createEventOk(headers, asset.id, {
      title: 'Belt',
      fields: [{ fieldId: outcome.id, value: 'Deferred' }],
    });
    const adminHeaders = (await loginAs(t.app, await createUser(t.db, organization.id, { isAdmin: true })))
      .headers;
    const removed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/fields/${outcome.id}`,
      headers: adminHeaders,
      payload: fieldBody({
        target: 'MaintenanceEvent',
        label: 'Outcome',
        key: outcome.key,
        dataType: 'Select',
        optionsJson: '["Fixed"]',
        isRequired: true,
      }),
    });
    expect(removed.statusCode).toBe(200);

    const kept = await updateEvent(headers, asset.id, event.id, {
      title: 'Belt 2',
      fields: [{ fieldId: outcome.id, value: 'Deferred' }],
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().fields).toEqual([
      { fieldId: outcome.id, label: 'Outcome', value: 'Deferred', dataType: 'Select' },
    ]);
    expect(kept.json().changeLog[0].changes).toEqual(['Title updated']);
    const otherTenant = await updateEvent(t.headers.memberB, asset.id, event.id, {
      title: 'Hijack',
      fields: [{ fieldId: outcome.id, value: 'Deferred' }],
    });
    expect(otherTenant.statusCode).toBe(404);

    for (const fields of [[{ fieldId: outcome.id, value: 'Replaced' }], []]) {
      const refused = await updateEvent(headers, asset.id, event.id, { title: 'Belt 3', fields });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toMatchObject([
        {
          path: `fields.${outcome.id}`,
          message: fields.length ? FIELD_VALUE_MESSAGES.invalid : FIELD_VALUE_MESSAGES.required('Outcome'),
        },
      ]);
    }
    expect((await eventRow(event.id))?.title).toBe('Belt 2');
    // A new event holds nothing yet: the retired option is refused on create.
    const created = await createEvent(headers, asset.id, {
      title: 'Another',
      fields: [{ fieldId: outcome.id, value: 'Deferred' }],
    });
    expect(created.statusCode).toBe(400);
  });

  it('needs canEditCompletedMaintenanceEvents to edit a Completed event, administrators included', async () => {
    const { organization, headers, asset } = await makeOrg();
    const event = await createEventOk(headers, asset.id, { title: 'Done', notes: 'Before' });
    expect((await taskAction(headers, asset.id, event.id, 'complete')).statusCode).toBe(200);
    const admin = await createUser(t.db, organization.id, { isAdmin: true });
    const flagged = await createUser(t.db, organization.id, { canEditCompletedMaintenanceEvents: true });

    for (const refused of [headers, (await loginAs(t.app, admin)).headers]) {
      const response = await updateEvent(refused, asset.id, event.id, { title: 'Changed', notes: 'After' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: EVENT_MESSAGES.editCompletedForbidden,
      });
    }
    expect(await eventRow(event.id)).toMatchObject({
      title: 'Done',
      notes: 'Before',
      taskStatus: 'Completed',
    });
    expect(await changeEntriesOf(event.id)).toEqual([]);

    const allowed = await updateEvent((await loginAs(t.app, flagged)).headers, asset.id, event.id, {
      title: 'Changed',
      notes: 'After',
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ title: 'Changed', notes: 'After', taskStatus: 'Completed' });

    // A task that is not Completed is editable by any member.
    const open = await createEventOk(headers, asset.id, { title: 'Open', startTask: true });
    const edited = await updateEvent(headers, asset.id, open.id, { title: 'Open 2' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Open 2', taskStatus: 'InProgress' });
    // startTask is for create only.
    const pending = await createEventOk(headers, asset.id, { title: 'Pending' });
    const ignored = await updateEvent(headers, asset.id, pending.id, { title: 'Pending', startTask: true });
    expect(ignored.json().taskStatus).toBe('Pending');
  });

  it('validates like create and leaves the event as it was', async () => {
    const { organization, headers, asset } = await makeOrg();
    const event = await createEventOk(headers, asset.id, { title: 'Stay' });
    const required = await insertField(t.db, organization.id, {
      target: 'MaintenanceEvent',
      label: 'Must',
      isRequired: true,
    });
    const invalid = await updateEvent(headers, asset.id, event.id, { title: 'Changed' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject([
      { path: `fields.${required.id}`, message: FIELD_VALUE_MESSAGES.required('Must') },
    ]);
    const tooLong = await updateEvent(headers, asset.id, event.id, { title: 'x'.repeat(201) });
    expect(tooLong.json().fields).toMatchObject([{ path: 'title', message: EVENT_MESSAGES.titleTooLong }]);
    const foreignKey = await stageUpload(t.app, t.db, t.orgB.member);
    const foreign = await updateEvent(headers, asset.id, event.id, {
      title: 'Changed',
      fields: [{ fieldId: required.id, value: 'x' }],
      files: [{ objectKey: foreignKey.objectKey, fileName: 'b.pdf' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toMatchObject([
      { path: 'files.0', message: UPLOAD_MESSAGES.unknownUpload },
    ]);
    expect((await eventRow(event.id))?.title).toBe('Stay');
    expect(await changeEntriesOf(event.id)).toEqual([]);
    expect(await auditEntriesOf(t.db, organization.id, event.id)).toHaveLength(1);
  });
});

describe('one transaction', () => {
  it('saves neither the event nor its attachments when the audit entry cannot be written', async () => {
    const { organization, member, headers, asset } = await makeOrg();
    await t.db.execute(sql`
      create function refuse_exploding_audit() returns trigger language plpgsql as $$
      begin
        if new.entity_name = 'Explode' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_exploding_audit before insert on audit_log_entries
      for each row execute function refuse_exploding_audit()`);
    try {
      const staged = await stageUpload(t.app, t.db, member);
      const create = await createEvent(headers, asset.id, {
        title: 'Explode',
        files: [{ objectKey: staged.objectKey, fileName: 'x.pdf' }],
      });
      expect(create.statusCode).toBe(500);
      expect(await eventsOfAsset(asset.id)).toEqual([]);
      expect(await t.db.select().from(files).where(eq(files.objectKey, staged.objectKey))).toEqual([]);
      expect(
        await t.db.select().from(pendingUploads).where(eq(pendingUploads.objectKey, staged.objectKey)),
      ).toHaveLength(1);

      const event = await createEventOk(headers, asset.id, { title: 'Calm', notes: 'n' });
      const update = await updateEvent(headers, asset.id, event.id, {
        title: 'Explode',
        files: [{ objectKey: staged.objectKey, fileName: 'x.pdf' }],
      });
      expect(update.statusCode).toBe(500);
      expect(await eventRow(event.id)).toMatchObject({ title: 'Calm', notes: 'n' });
      expect(await changeEntriesOf(event.id)).toEqual([]);
      expect(await t.db.select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
      expect(
        await t.db
          .select()
          .from(auditLogEntries)
          .where(
            and(eq(auditLogEntries.organizationId, organization.id), eq(auditLogEntries.entityId, event.id)),
          ),
      ).toHaveLength(1);
    } finally {
      await t.db.execute(sql`drop trigger refuse_exploding_audit on audit_log_entries`);
      await t.db.execute(sql`drop function refuse_exploding_audit()`);
    }
  });
});

describe('tenancy and authentication', () => {
  it('answers 404 for another organization’s asset or event, an event of another asset, or a malformed id', async () => {
    const assetA = await createAssetViaApi(t.app, t.headers.memberA, { name: 'A asset' });
    const otherA = await createAssetViaApi(t.app, t.headers.memberA, { name: 'A other asset' });
    const eventA = await createEventOk(t.headers.memberA, assetA.id, { title: 'A event' });
    const assetB = await createAssetViaApi(t.app, t.headers.memberB, { name: 'B asset' });
    const payload = { title: 'Hijack' };
    const notFound = [
      await createEvent(t.headers.memberB, assetA.id, payload),
      await updateEvent(t.headers.memberB, assetA.id, eventA.id, payload),
      await updateEvent(t.headers.memberB, assetB.id, eventA.id, payload),
      await updateEvent(t.headers.memberA, otherA.id, eventA.id, payload),
      await createEvent(t.headers.memberA, 'not-a-uuid', payload),
      await updateEvent(t.headers.memberA, assetA.id, 'not-a-uuid', payload),
      await updateEvent(t.headers.memberA, assetA.id, '01900000-0000-7000-8000-000000000009', payload),
    ];
    for (const response of notFound) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await eventRow(eventA.id)).toMatchObject({ title: 'A event', assetId: assetA.id });
    expect(await eventsOfAsset(assetA.id)).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Anon' });
    const event = await createEventOk(t.headers.memberA, asset.id, { title: 'Anon event' });
    const create = await createEvent({}, asset.id, { title: 'x' });
    const update = await updateEvent({}, asset.id, event.id, { title: 'x' });
    expect(create.statusCode).toBe(401);
    expect(update.statusCode).toBe(401);
    expect(await eventsOfAsset(asset.id)).toHaveLength(1);
  });
});
