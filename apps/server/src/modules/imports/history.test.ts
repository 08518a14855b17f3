import {
  EVENT_CSV_COLUMNS,
  IMPORT_MESSAGES,
  type TDashboardAnalytics,
  type TImportRun,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assets,
  auditLogEntries,
  eventFieldValues,
  fieldDefinitions,
  maintenanceEvents,
} from '#server/db/schema.ts';
import { createAssetViaApi, insertField, recordEventViaApi } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { eventImport } from './event-import.ts';
import { findImportRows, findImportRun, updateImportRun } from './queries.ts';
import { COMMIT_CHUNK_ROWS, planOf, runImportCommit, startImportCommit, storedFile } from './service.ts';

const t = tenantWorld();
const { get, post, upload, uploaded, map, checked, committed } = importClient(() => t.app);

async function insertAsset(organizationId: string, slug: string, retired = false, name = `Asset ${slug}`) {
  const [row] = await t.db
    .insert(assets)
    .values({ organizationId, name, slug, retiredAt: retired ? new Date() : null })
    .returning();
  return row!;
}

const eventsOf = (assetIds: string[]) =>
  t.db
    .select()
    .from(maintenanceEvents)
    .where(inArray(maintenanceEvents.assetId, assetIds))
    .orderBy(asc(maintenanceEvents.performedAt), asc(maintenanceEvents.title));

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('uploading a maintenance history file', () => {
  it('recognises our history export and proposes its mapping, event fields by label or key', async () => {
    const orgId = t.orgA.organization.id;
    const cost = await insertField(t.db, orgId, {
      target: 'MaintenanceEvent',
      label: 'Labour cost',
      key: 'cost_upload',
    });
    const header = [...EVENT_CSV_COLUMNS, 'cost_upload', 'Part'].join(',');
    const run = await uploaded(t.headers.adminA, csv([header]), 'events');
    expect(run).toMatchObject({ kind: 'events', format: 'Maintenance QR', rowCount: 0, skippedCount: 0 });
    expect(run.mapping).toEqual([
      { kind: 'asset' },
      { kind: 'ignore' },
      { kind: 'title' },
      { kind: 'performedAt' },
      { kind: 'status' },
      { kind: 'notes' },
      { kind: 'recordedBy' },
      { kind: 'startedAt' },
      { kind: 'startedBy' },
      { kind: 'completedAt' },
      { kind: 'completedBy' },
      // Due on: a schedule makes due dates, a history import does not.
      { kind: 'ignore' },
      // The checklist's name and summary: its answers are not imported (ADR 134).
      ...Array.from({ length: 5 }, () => ({ kind: 'ignore' })),
      { kind: 'field', fieldId: cost.id },
      { kind: 'newField', label: 'Part', key: 'part', dataType: 'Text', isPublic: false },
    ]);
  });

  it('refuses our export of the other kind, saying which to choose', async () => {
    const assetsFile = await upload(
      t.headers.adminB,
      csv(['Slug,Name,Description,Created at,Updated at']),
      'a.csv',
      'events',
    );
    expect(assetsFile.statusCode).toBe(400);
    expect(assetsFile.json().message).toBe(IMPORT_MESSAGES.assetsFileAsHistory);
    const historyFile = await upload(t.headers.adminB, csv([EVENT_CSV_COLUMNS.join(',')]), 'h.csv', 'assets');
    expect(historyFile.statusCode).toBe(400);
    expect(historyFile.json().message).toBe(IMPORT_MESSAGES.historyFileAsAssets);
    expect((await upload(t.headers.adminB, csv(['Title']), 'h.csv')).statusCode).toBe(201);
  });

  it('is for administrators, and takes only the kinds it knows', async () => {
    expect((await upload(t.headers.memberA, csv(['Asset,Title']), 'h.csv', 'events')).statusCode).toBe(403);
    expect((await upload({}, csv(['Asset,Title']), 'h.csv', 'events')).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports?kind=tasks',
      headers: t.headers.adminA,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a mapping without the asset, title or performed-at column, or with an asset target', async () => {
    const run = await uploaded(t.headers.adminA, csv(['Asset,Title,Date', 'pump,Oil,2024-01-01']), 'events');
    expect(run.mapping).toEqual([{ kind: 'asset' }, { kind: 'title' }, { kind: 'performedAt' }]);
    const cases = [
      [[{ kind: 'ignore' }, { kind: 'title' }, { kind: 'performedAt' }], IMPORT_MESSAGES.notMapped.asset],
      [[{ kind: 'asset' }, { kind: 'notes' }, { kind: 'performedAt' }], IMPORT_MESSAGES.notMapped.title],
      [[{ kind: 'asset' }, { kind: 'title' }, { kind: 'ignore' }], IMPORT_MESSAGES.notMapped.performedAt],
      [[{ kind: 'asset' }, { kind: 'title' }, { kind: 'title' }], IMPORT_MESSAGES.mappedTwice('title')],
      [[{ kind: 'asset' }, { kind: 'name' }, { kind: 'performedAt' }], IMPORT_MESSAGES.wrongTarget('name')],
    ] as const;
    for (const [columns, message] of cases) {
      const response = await map(t.headers.adminA, run.id, [...columns]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // A built-in target goes by its key, for the client to name it in its reader's words (ADR 113).
    const asset = await map(t.headers.adminA, run.id, [
      { kind: 'asset' },
      { kind: 'asset' },
      { kind: 'title' },
    ]);
    expect(asset.json()).toMatchObject({
      message: 'Only one column can be imported as asset slug.',
      messageId: 'import.mappedTwice',
      values: { target: 'asset' },
    });
  });
});

describe('checking and importing maintenance history', () => {
  it('lists every problem, writes nothing, then imports the fixed file once', async () => {
    const orgId = t.orgA.organization.id;
    await insertField(t.db, orgId, {
      target: 'MaintenanceEvent',
      label: 'Cost',
      key: 'cost_hist',
      dataType: 'Number',
    });
    const pump = await insertAsset(orgId, 'hist-pump');
    const boiler = await insertAsset(orgId, 'hist-boiler');
    const press = await insertAsset(orgId, 'hist-press', true);
    const secret = await insertAsset(t.orgB.organization.id, 'hist-secret');
    const bad = [
      'Asset,Title,Date,Status,Cost,Notes',
      'HIST-PUMP,Oil change,2024-03-05,Done,12.5,Drained',
      'hist-nope,Inspection,2024-03-06,,,',
      'hist-secret,Inspection,2024-03-06,,,',
      'hist-press,Grease,2024-03-07,,,',
      'hist-pump,,2024-03-08,,,',
      'hist-pump,Belt,next Tuesday,,,',
      'hist-pump,Belt,2024-03-09,Maybe,,',
      'hist-pump,Belt,2024-03-10,,=1+1,',
      'hist-pump,Oil change,2024-03-05T12:00:00Z,Completed,,',
      'hist-boiler,Filter,2024-03-11T08:30:00+01:00,In progress,x,',
    ];
    const run = await uploaded(t.headers.adminA, csv(bad), 'events');
    expect(run.format).toBe('Other');
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ status: 'Checked', problemCount: 9 });
    expect((await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`)).json()).toMatchObject([
      { row: 3, column: 'Asset', message: IMPORT_MESSAGES.assetNotFound },
      { row: 4, column: 'Asset', message: IMPORT_MESSAGES.assetNotFound },
      { row: 5, column: 'Asset', message: IMPORT_MESSAGES.assetRetired },
      { row: 6, column: 'Title', message: 'Title is required.' },
      { row: 7, column: 'Date', message: IMPORT_MESSAGES.momentInvalid('performedAt', 'next Tuesday') },
      { row: 8, column: 'Status', message: IMPORT_MESSAGES.statusInvalid },
      { row: 9, column: 'Cost', message: IMPORT_MESSAGES.formula },
      { row: 10, column: 'Title', message: IMPORT_MESSAGES.eventTwice(2) },
      { row: 11, column: 'Cost', message: IMPORT_MESSAGES.numberInvalid('x', 'point') },
    ]);
    expect((await post(t.headers.adminA, `/api/admin/imports/${run.id}/commit`)).json().message).toBe(
      IMPORT_MESSAGES.hasProblems,
    );
    expect(await eventsOf([pump.id, boiler.id, press.id, secret.id])).toEqual([]);

    const fixed = csv([
      'Asset,Title,Date,Status,Cost,Notes,Completed by,Part',
      `HIST-PUMP,Oil change,2024-03-05,Done,12.5,Drained,${t.orgA.admin.email.toUpperCase()},Filter 7`,
      'hist-boiler,Filter,2024-03-11T08:30:00+01:00,In progress,3,,,',
      'hist-boiler,Inspection,2024-03-12 09:00,Pending,,,,',
      'hist-pump,Belt,2024-03-13T10:00:00Z,Completed,,,Nobody we know,',
    ]);
    const again = await uploaded(t.headers.adminA, fixed, 'events');
    expect(again.mapping[7]).toEqual({
      kind: 'newField',
      label: 'Part',
      key: 'part',
      dataType: 'Text',
      isPublic: false,
    });
    expect(await checked(t.headers.adminA, again.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(t.headers.adminA, again.id)).toMatchObject({
      status: 'Done',
      createdCount: 4,
      updatedCount: 0,
      skippedCount: 0,
    });

    const events = await eventsOf([pump.id, boiler.id]);
    const noon = new Date('2024-03-05T12:00:00Z');
    expect(events.map((e) => [e.title, e.taskStatus, e.performedAt.toISOString()])).toEqual([
      ['Oil change', 'Completed', noon.toISOString()],
      ['Filter', 'InProgress', '2024-03-11T07:30:00.000Z'],
      ['Inspection', 'Pending', '2024-03-12T09:00:00.000Z'],
      ['Belt', 'Completed', '2024-03-13T10:00:00.000Z'],
    ]);
    const [oil, filter, inspection, belt] = events;
    expect(oil).toMatchObject({
      assetId: pump.id,
      notes: 'Drained',
      taskStartedAt: noon,
      taskCompletedAt: noon,
      taskStartedById: t.orgA.admin.id,
      taskCompletedById: t.orgA.admin.id,
      createdById: t.orgA.admin.id,
      createdAt: noon,
    });
    expect(filter).toMatchObject({ taskStartedAt: filter!.performedAt, taskCompletedAt: null, notes: null });
    expect(inspection).toMatchObject({ taskStartedAt: null, taskCompletedAt: null });
    // A name that is no user of the organization is kept as the name it is (ADR 095), shown as the person.
    expect(belt).toMatchObject({
      taskCompletedAt: belt!.performedAt,
      taskCompletedById: null,
      taskCompletedByName: 'Nobody we know',
      taskStartedById: null,
      taskStartedByName: 'Nobody we know',
    });
    expect(oil).toMatchObject({ taskCompletedByName: null, taskStartedByName: null });
    const shown = await get(t.headers.adminA, `/api/assets/${pump.id}/events`);
    expect(shown.json().events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Belt',
          taskCompletedBy: 'Nobody we know',
          taskStartedBy: 'Nobody we know',
        }),
      ]),
    );

    const [part] = await t.db
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.organizationId, orgId), eq(fieldDefinitions.key, 'part')));
    expect(part).toMatchObject({ target: 'MaintenanceEvent', label: 'Part' });
    const values = await t.db.select().from(eventFieldValues).where(eq(eventFieldValues.eventId, oil!.id));
    expect(values.map((v) => v.value).sort()).toEqual(['12.5', 'Filter 7']);
    const audits = await t.db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.organizationId, orgId),
          inArray(
            auditLogEntries.entityId,
            events.map((e) => e.id),
          ),
        ),
      );
    expect(audits).toHaveLength(4);
    expect(audits[0]).toMatchObject({
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      userId: t.orgA.admin.id,
    });
    expect(JSON.parse(String(audits[0]!.changes))).toEqual({ created: true, import: 'history.csv' });

    // The same file again: every event is already recorded, none is added.
    const twice = await uploaded(t.headers.adminA, fixed, 'events');
    expect(twice.mapping[7]).toEqual({ kind: 'field', fieldId: part!.id });
    await checked(t.headers.adminA, twice.id);
    expect(await committed(t.headers.adminA, twice.id)).toMatchObject({
      status: 'Done',
      createdCount: 0,
      skippedCount: 4,
    });
    expect(await eventsOf([pump.id, boiler.id])).toHaveLength(4);
  });

  it('imports our own history export into an organization with the same assets, unchanged', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const exportOf = async (headers: Record<string, string>) => {
      const response = await get(headers, `/api/exports/events.csv?from=${from}&to=${to}`);
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const partA = await insertField(t.db, t.orgA.organization.id, {
      target: 'MaintenanceEvent',
      label: 'Spare part',
      key: 'spare_part',
    });
    await insertField(t.db, t.orgB.organization.id, {
      target: 'MaintenanceEvent',
      label: 'Spare part',
      key: 'spare',
    });
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Round trip pump' });
    await insertAsset(t.orgB.organization.id, asset.slug, false, asset.name);
    const add = (title: string, extra: Record<string, unknown>) =>
      recordEventViaApi(t.app, t.headers.adminA, asset.id, { title, ...extra });
    const done = await add('Seal, "new"\nand tested', {
      notes: '=not a formula',
      recordedBy: 'Sam',
      fields: [{ fieldId: partA.id, value: '-5' }],
    });
    await post(t.headers.adminA, `/api/assets/${asset.id}/events/${done.id}/complete`);
    await add('Started job', { startTask: true });
    await add('Planned job', {});
    const exported = await exportOf(t.headers.adminA);
    const ours = (parse(exported, { bom: true }) as string[][]).filter(
      (record, index) => index === 0 || record[0] === asset.slug,
    );
    expect(ours).toHaveLength(4);

    // Organization A's other events name assets B does not have: only this asset's rows are imported.
    const mine = await uploaded(t.headers.adminB, stringify(ours, { bom: true }), 'events');
    expect(mine.format).toBe('Maintenance QR');
    expect(await checked(t.headers.adminB, mine.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminB, mine.id)).toMatchObject({ status: 'Done', createdCount: 3 });

    const back = (parse(await exportOf(t.headers.adminB), { bom: true }) as string[][]).filter(
      (record, index) => index === 0 || record[0] === asset.slug,
    );
    // The same rows, who started and completed included: people of organization A are not B's users,
    // and their names are kept as text (ADR 095). The organizations' other event fields make other
    // columns: the shared ones are compared by name.
    const columns = [...EVENT_CSV_COLUMNS, 'Spare part'];
    const byName = (records: string[][]) =>
      records.slice(1).map((record) => columns.map((column) => record[records[0]!.indexOf(column)]));
    expect(byName(back)).toEqual(byName(ours));
    expect(byName(ours).some((record) => record.includes(t.orgA.admin.displayName))).toBe(true);
  });

  it('keeps a starter kept by name when a user completes the imported work', async () => {
    const asset = await insertAsset(t.orgA.organization.id, 'hist-kept-name');
    const file = csv([
      'Asset,Title,Date,Status,Started by',
      'hist-kept-name,Overhaul,2024-05-02,In progress,Kim Outside',
    ]);
    const run = await uploaded(t.headers.adminA, file, 'events');
    await checked(t.headers.adminA, run.id);
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
    const [event] = await eventsOf([asset.id]);
    const completed = await post(t.headers.adminA, `/api/assets/${asset.id}/events/${event!.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      taskStatus: 'Completed',
      taskStartedBy: 'Kim Outside',
      taskCompletedBy: t.orgA.admin.displayName,
    });
  });

  it('counts imported completed events in the analytics, with their completer', async () => {
    const orgId = t.orgB.organization.id;
    const analytics = async (): Promise<TDashboardAnalytics> =>
      (await get(t.headers.adminB, '/api/admin/dashboard/analytics?rangeDays=30')).json();
    const before = await analytics();
    const asset = await insertAsset(orgId, 'analytics-pump');
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
    const file = csv([
      'Asset slug,Title,Performed at,Status,Started at,Completed at,Completed by',
      `analytics-pump,Service,${day(6)},Completed,${day(6)},${day(5)},${t.orgB.admin.displayName}`,
      `analytics-pump,Repair,${day(3)},Done,,,${t.orgB.admin.email}`,
      `analytics-pump,Logbook entry,${day(2)},,,,`,
      `analytics-pump,Open job,${day(1)},Pending,,,`,
    ]);
    const run = await uploaded(t.headers.adminB, file, 'events');
    await checked(t.headers.adminB, run.id);
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ createdCount: 4 });
    const after = await analytics();
    expect(after.summary.completedEvents).toBe(before.summary.completedEvents + 3);
    const mine = (a: TDashboardAnalytics) =>
      a.userPerformance.find((user) => user.userId === t.orgB.admin.id)?.completedJobs ?? 0;
    expect(mine(after)).toBe(mine(before) + 2);
    const imported = after.maintenanceHistory.filter((event) => event.assetId === asset.id);
    expect(imported.map((event) => event.title).sort()).toEqual(['Logbook entry', 'Repair', 'Service']);
    // The record is as old as its earliest moment: a turnaround is never negative.
    expect(imported.find((event) => event.title === 'Service')?.turnaroundHours).toBeCloseTo(24, 5);
    expect(imported.every((event) => (event.turnaroundHours ?? 0) >= 0)).toBe(true);
  });

  it('never creates an event twice when a chunk runs again', async () => {
    const orgId = t.orgA.organization.id;
    const asset = await insertAsset(orgId, 'retry-pump');
    const rows = COMMIT_CHUNK_ROWS + 100;
    const lines = ['Asset,Title,Performed at'];
    for (let i = 1; i <= rows; i++) lines.push(`retry-pump,Check ${i},2024-01-01T00:00:00Z`);
    const run = await uploaded(t.headers.adminA, csv(lines), 'events');
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 0 });
    // The commit as its job runs it, without the job: its first chunk, then the same chunk again, as
    // a retry would if the chunk had been written and its progress lost.
    await startImportCommit(t.db, orgId, run.id);
    const row = (await findImportRun(t.db, orgId, run.id))!;
    const plan = await planOf(t.db, row);
    const chunk = await findImportRows(t.db, orgId, run.id, 0, COMMIT_CHUNK_ROWS);
    const file = storedFile(t.db, row);
    expect(await eventImport.commitChunk(t.db, row, plan, null, chunk, new Date(), file)).toMatchObject({
      rowsDone: COMMIT_CHUNK_ROWS,
      createdCount: COMMIT_CHUNK_ROWS,
    });
    await updateImportRun(t.db, orgId, run.id, ['Importing'], { rowsDone: 0, createdCount: 0 });
    await runImportCommit(t.db, orgId, run.id);
    expect((await get(t.headers.adminA, `/api/admin/imports/${run.id}`)).json()).toMatchObject({
      status: 'Done',
      rowsDone: rows,
      createdCount: 100,
      skippedCount: COMMIT_CHUNK_ROWS,
    });
    const events = await eventsOf([asset.id]);
    expect(events).toHaveLength(rows);
    expect(new Set(events.map((e) => e.title)).size).toBe(rows);
  });

  it('stops the commit at a row whose asset was retired since the check, keeping the chunks before', async () => {
    const orgId = t.orgA.organization.id;
    const asset = await insertAsset(orgId, 'retired-later');
    const run = await uploaded(
      t.headers.adminA,
      csv(['Asset,Title,Performed at', 'retired-later,Oil,2024-02-02']),
      'events',
    );
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 0 });
    await t.db.update(assets).set({ retiredAt: new Date() }).where(eq(assets.id, asset.id));
    const failed: TImportRun = await committed(t.headers.adminA, run.id);
    expect(failed).toMatchObject({ status: 'Failed', createdCount: 0 });
    expect(failed.error).toBe(`Row 2, Asset: ${IMPORT_MESSAGES.assetRetired} Run the check again.`);
    // Stored with its id and values and the problem it quotes, for each reader's words (ADR 121).
    expect(failed.errorText).toEqual({
      message: failed.error,
      messageId: 'import.rowStopped',
      values: { row: 2, column: 'Asset' },
      parts: { problem: { message: IMPORT_MESSAGES.assetRetired, messageId: 'import.assetRetired' } },
    });
    expect(await eventsOf([asset.id])).toEqual([]);
  });

  it("answers 404 for another organization's history import, and never shows or runs it", async () => {
    await insertAsset(t.orgA.organization.id, 'private-pump');
    const run = await uploaded(
      t.headers.adminA,
      csv(['Asset,Title,Performed at', 'private-pump,Oil,2024-02-02']),
      'events',
    );
    for (const url of ['', '/problems', '/problems.csv']) {
      expect((await get(t.headers.adminB, `/api/admin/imports/${run.id}${url}`)).statusCode).toBe(404);
    }
    for (const action of ['check', 'commit']) {
      expect((await post(t.headers.adminB, `/api/admin/imports/${run.id}/${action}`)).statusCode).toBe(404);
    }
    expect((await map(t.headers.adminB, run.id, run.mapping)).statusCode).toBe(404);
    for (const action of ['check', 'commit']) {
      expect((await post(t.headers.memberA, `/api/admin/imports/${run.id}/${action}`)).statusCode).toBe(403);
    }
    expect((await get(t.headers.adminA, `/api/admin/imports/${run.id}`)).json().status).toBe('Uploaded');
  });
});
