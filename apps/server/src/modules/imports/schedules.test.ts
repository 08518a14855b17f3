import {
  IMPORT_MESSAGES,
  IMPORT_SAID,
  METER_MESSAGES,
  SCHEDULE_CSV_COLUMNS,
  SCHEDULE_MESSAGES,
  type TSchedule,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLogEntries } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { createScheduleViaApi, scheduleBody } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const clock = new SettableClock();
const t = tenantWorld({}, { clock });
const { get, upload, uploaded, checked, committed } = importClient(() => t.app);

const exportOf = (headers: Record<string, string>) => get(headers, '/api/admin/schedules/export.csv');

/** The organization's schedules as the API lists them, by title. */
async function schedulesOf(headers: Record<string, string>): Promise<TSchedule[]> {
  const response = await get(headers, '/api/schedules?pageSize=100');
  return (response.json() as TSchedule[]).sort((a, b) => a.title.localeCompare(b.title));
}

/** A row of a schedules file with the cells it leaves out empty. */
const padded = (row: string[]) => [...row, ...Array(SCHEDULE_CSV_COLUMNS.length - row.length).fill('')];

/** What a schedule is, whichever organization holds it. */
const meaning = (schedule: TSchedule) => ({
  assetSlug: schedule.assetSlug,
  title: schedule.title,
  notes: schedule.notes,
  recurrence: schedule.recurrence,
  mode: schedule.mode,
  leadDays: schedule.leadDays,
  startsOn: schedule.startsOn,
  endsOn: schedule.endsOn,
  nextDueOn: schedule.nextDueOn,
  status: schedule.status,
  priority: schedule.priority,
  usage: schedule.usage && {
    meterName: schedule.usage.meterName.toLowerCase(),
    every: schedule.usage.every,
    combine: schedule.usage.combine,
  },
});

let pump: { id: string; slug: string };
let boiler: { id: string; slug: string };

beforeAll(async () => {
  clock.freeze(new Date('2026-01-15T12:00:00Z'));
  pump = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Trip pump' });
  boiler = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Trip boiler' });
  for (const asset of [pump, boiler]) {
    await t.db
      .insert(assets)
      .values({ organizationId: t.orgB.organization.id, name: 'Copy', slug: asset.slug });
  }
  await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(pump.id, {
      title: 'A monthly check',
      notes: '=not a formula',
      startsOn: '2026-02-01',
      leadDays: 7,
      assigneeId: t.orgA.admin.id,
    }),
  );
  await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(boiler.id, {
      title: 'B fortnightly rounds',
      recurrence: { pattern: 'weekdays', every: 2, weekdays: ['MO', 'TH'] },
      startsOn: '2026-01-19',
      endsOn: '2026-12-31',
    }),
  );
  const floating = await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(boiler.id, {
      title: 'C service after the last one',
      recurrence: { pattern: 'interval', every: 3, unit: 'month' },
      mode: 'floating',
      startsOn: '2026-03-01',
    }),
  );
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/schedules/${floating.id}/pause`,
    headers: t.headers.adminA,
    payload: {},
  });
});

describe('exporting and importing schedules (ADR 095)', () => {
  it('exports every schedule with its recurrence, due date and assignee, for administrators', async () => {
    const response = await exportOf(t.headers.adminA);
    expect(response.statusCode).toBe(200);
    const records: string[][] = parse(response.body, { bom: true });
    expect(records[0]).toEqual([...SCHEDULE_CSV_COLUMNS]);
    const byTitle = new Map(records.slice(1).map((record) => [record[2], record]));
    expect(byTitle.get('A monthly check')).toEqual([
      pump.slug,
      'Trip pump',
      'A monthly check',
      "'=not a formula",
      '{"pattern":"interval","every":1,"unit":"month"}',
      'Fixed calendar',
      '7',
      '2026-02-01',
      '',
      '2026-02-01',
      t.orgA.admin.email,
      'Active',
      'Normal',
      '',
      '',
      '',
    ]);
    expect(byTitle.get('C service after the last one')?.slice(5)).toEqual([
      'From the last completion',
      '0',
      '2026-03-01',
      '',
      '2026-03-01',
      '',
      'Paused',
      'Normal',
      '',
      '',
      '',
    ]);
    expect((await exportOf(t.headers.memberA)).statusCode).toBe(403);
    const other: string[][] = parse((await exportOf(t.headers.adminB)).body, { bom: true });
    expect(other).toEqual([[...SCHEDULE_CSV_COLUMNS]]);
  });

  it('imports the export into another organization: the same schedules, due on the same days', async () => {
    const exported: string[][] = parse((await exportOf(t.headers.adminA)).body, { bom: true });
    // Organization A's people are not B's: the check names the assignee nobody has.
    const first = await uploaded(t.headers.adminB, stringify(exported), 'schedules');
    expect(first).toMatchObject({ kind: 'schedules', format: 'Maintenance QR' });
    expect(first.mapping.map((target) => target.kind)).toEqual([
      'asset',
      'ignore',
      'title',
      'notes',
      'recurrence',
      'mode',
      'leadDays',
      'startsOn',
      'endsOn',
      'nextDueOn',
      'assignee',
      'status',
      'priority',
      'meter',
      'usageEvery',
      'usageCombine',
    ]);
    expect(await checked(t.headers.adminB, first.id)).toMatchObject({ problemCount: 1 });
    const problems = (await get(t.headers.adminB, `/api/admin/imports/${first.id}/problems`)).json();
    expect(problems).toMatchObject([
      expect.objectContaining({ column: 'Assignee', message: SCHEDULE_MESSAGES.unknownAssignee }),
    ]);

    const mapped = exported.map((record) =>
      record.map((cell) => (cell === t.orgA.admin.email ? t.orgB.admin.email : cell)),
    );
    const run = await uploaded(t.headers.adminB, stringify(mapped), 'schedules');
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 3 });
    const ours = await schedulesOf(t.headers.adminA);
    const theirs = await schedulesOf(t.headers.adminB);
    expect(theirs.map(meaning)).toEqual(ours.map(meaning));
    expect(theirs[0]).toMatchObject({ assigneeId: t.orgB.admin.id, notes: '=not a formula' });
    const audits = await t.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.entityId, theirs[0]!.id));
    expect(audits).toEqual([expect.objectContaining({ action: 'CREATE', entityType: 'Schedule' })]);
  });

  it("checks each row with the schedule form's rules, naming the spreadsheet's row", async () => {
    const rows = [
      [...SCHEDULE_CSV_COLUMNS],
      [
        pump.slug,
        '',
        '',
        '',
        '{"pattern":"interval","every":1,"unit":"month"}',
        '',
        '',
        '2026-02-01',
        '',
        '',
        '',
        '',
      ],
      [pump.slug, '', 'Bad', '', 'monthly', 'sometimes', '400', '2026-02-01', '', '', '', 'Maybe'],
      [
        'no-such-asset',
        '',
        'Lost',
        '',
        '{"pattern":"interval","every":1,"unit":"day"}',
        '',
        '',
        '2026-02-01',
        '2026-01-01',
        '',
        '',
        '',
      ],
      [
        pump.slug,
        '',
        'Late',
        '',
        '{"pattern":"interval","every":1,"unit":"month"}',
        '',
        '',
        '2026-02-01',
        '',
        '2025-12-01',
        '',
        '',
      ],
    ];
    const run = await uploaded(t.headers.adminA, stringify(rows.map(padded)), 'schedules');
    await checked(t.headers.adminA, run.id);
    const problems = (await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`)).json();
    expect(problems).toMatchObject([
      { row: 2, column: 'Title', message: SCHEDULE_MESSAGES.titleRequired },
      { row: 3, column: 'Recurrence', message: IMPORT_MESSAGES.recurrenceInvalid },
      { row: 3, column: 'Counts from', message: IMPORT_MESSAGES.modeInvalid },
      { row: 3, column: 'Status', message: IMPORT_MESSAGES.scheduleStatusInvalid },
      { row: 3, column: 'Lead days', message: SCHEDULE_MESSAGES.leadDays },
      { row: 4, column: 'Ends on', message: SCHEDULE_MESSAGES.endBeforeStart },
      { row: 4, column: 'Asset slug', message: IMPORT_MESSAGES.assetNotFound },
      { row: 5, column: 'Next due', message: IMPORT_MESSAGES.nextDueOutOfRange },
    ]);
  });

  it('refuses our other exports, custom fields, and another organization', async () => {
    const assetsFile = 'Slug,Name,Description,Created at,Updated at\r\npump,Pump,,,\r\n';
    const refused = await upload(t.headers.adminA, assetsFile, 'assets.csv', 'schedules');
    expect(refused.json().message).toBe(IMPORT_MESSAGES.assetsFileAsHistory);
    const asHistory = await upload(
      t.headers.adminA,
      `${SCHEDULE_CSV_COLUMNS.join(',')}\r\n`,
      'h.csv',
      'events',
    );
    expect(asHistory.json().message).toBe(IMPORT_MESSAGES.schedulesFile);
    const run = await uploaded(t.headers.adminA, 'Asset,Title,Recurrence,Starts on,Colour\r\n', 'schedules');
    expect(run.mapping.at(-1)).toEqual({ kind: 'ignore' });
    const map = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/imports/${run.id}/mapping`,
      headers: t.headers.adminA,
      payload: {
        columns: [
          ...run.mapping.slice(0, 4),
          { kind: 'newField', label: 'Colour', key: 'colour_sched', dataType: 'Text' },
        ],
      },
    });
    expect(map.statusCode).toBe(400);
    expect(map.json().message).toBe(IMPORT_MESSAGES.noCustomFields);
    expect((await get(t.headers.adminB, `/api/admin/imports/${run.id}`)).statusCode).toBe(404);
  });
});

describe('the priority and the usage trigger of schedules (ADRs 138, 144)', () => {
  let compressor: { id: string; slug: string };
  const lastCells = (record: string[] | undefined) => record?.slice(-4);

  beforeAll(async () => {
    compressor = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Trip compressor' });
    const [copy] = await t.db
      .insert(assets)
      .values({ organizationId: t.orgB.organization.id, name: 'Copy', slug: compressor.slug })
      .returning();
    const addMeter = async (headers: Record<string, string>, assetId: string, name: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/assets/${assetId}/meters`,
        headers,
        payload: { name, unit: 'h' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const meter = await addMeter(t.headers.adminA, compressor.id, 'Running hours');
    // Organization B's copy names it in other letters: a meter is found by name, in any case.
    await addMeter(t.headers.adminB, copy!.id, 'RUNNING HOURS');
    await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(compressor.id, {
        title: 'D oil change',
        recurrence: { pattern: 'interval', every: 1, unit: 'year' },
        startsOn: '2026-02-01',
        usage: { meterId: meter.id, every: 500, combine: 'last' },
        priority: 'high',
      }),
    );
    await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(compressor.id, {
        title: 'E belt check',
        recurrence: null,
        startsOn: '2026-02-01',
        usage: { meterId: meter.id, every: 250.5 },
        priority: 'low',
      }),
    );
  });

  it('exports the priority and the meter, the use and whichever comes', async () => {
    const records: string[][] = parse((await exportOf(t.headers.adminA)).body, { bom: true });
    expect(records[0]?.slice(-4)).toEqual(['Priority', 'Meter', 'Usage every', 'Whichever comes']);
    const byTitle = new Map(records.slice(1).map((record) => [record[2], record]));
    expect(lastCells(byTitle.get('D oil change'))).toEqual(['High', 'Running hours', '500', 'Last']);
    expect(byTitle.get('E belt check')?.[4]).toBe('');
    expect(lastCells(byTitle.get('E belt check'))).toEqual(['Low', 'Running hours', '250.5', '']);
  });

  it('imports them back into another organization, the meter found by name on its asset', async () => {
    const records: string[][] = parse((await exportOf(t.headers.adminA)).body, { bom: true });
    const usageRows = records.filter((record) => record[0] === compressor.slug);
    const run = await uploaded(t.headers.adminB, stringify([records[0]!, ...usageRows]), 'schedules');
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 2 });
    const ours = (await schedulesOf(t.headers.adminA)).filter((s) => s.assetSlug === compressor.slug);
    const theirs = (await schedulesOf(t.headers.adminB)).filter((s) => s.assetSlug === compressor.slug);
    expect(theirs.map(meaning)).toEqual(ours.map(meaning));
    expect(theirs.map((schedule) => [schedule.priority, schedule.usage?.every])).toEqual([
      ['high', 500],
      ['low', 250.5],
    ]);
  });

  it('names the row and the column of a wrong priority or usage trigger, in the API’s words', async () => {
    const yearly = '{"pattern":"interval","every":1,"unit":"year"}';
    const row = (cells: Partial<Record<(typeof SCHEDULE_CSV_COLUMNS)[number], string>>) =>
      SCHEDULE_CSV_COLUMNS.map((column) => cells[column] ?? '');
    const base = { 'Asset slug': compressor.slug, Title: 'Bad', 'Starts on': '2026-02-01' };
    const rows = [
      [...SCHEDULE_CSV_COLUMNS],
      row({ ...base, Recurrence: yearly, Priority: 'urgent' }),
      row({ ...base, Meter: 'Odometer', 'Usage every': '100' }),
      row({ ...base, Meter: 'Running hours', 'Usage every': 'lots', 'Whichever comes': 'sometimes' }),
      row({ ...base, Meter: 'Running hours', 'Usage every': '0' }),
      row({ ...base, 'Usage every': '100' }),
      row({
        ...base,
        Recurrence: yearly,
        'Counts from': 'Fixed calendar',
        Meter: 'Running hours',
        'Usage every': '9',
      }),
      row({ ...base, Recurrence: yearly, Priority: 'High', Meter: 'running hours', 'Usage every': '9' }),
    ];
    const run = await uploaded(t.headers.adminA, stringify(rows), 'schedules');
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 7 });
    const problems = (await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`)).json();
    expect(problems).toMatchObject([
      { row: 2, column: 'Priority', message: SCHEDULE_MESSAGES.priority },
      { row: 3, column: 'Meter', message: IMPORT_MESSAGES.meterNotFound },
      { row: 4, column: 'Usage every', message: IMPORT_SAID.numberInvalid('lots', 'point').message },
      { row: 4, column: 'Whichever comes', message: IMPORT_MESSAGES.usageCombineInvalid },
      { row: 5, column: 'Usage every', message: METER_MESSAGES.usageEvery },
      { row: 6, column: 'Meter', message: IMPORT_MESSAGES.meterRequired },
      { row: 7, column: 'Counts from', message: METER_MESSAGES.usageFixed },
    ]);
  });
});
