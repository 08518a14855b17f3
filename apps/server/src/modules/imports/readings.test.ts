import { IMPORT_MESSAGES, IMPORT_SAID, METER_MESSAGES, type TMeter, type TSchedule } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meterReadings } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// The import of meter readings (docs/product/meters.md#import-readings, ADR 137).

const t = tenantWorld();
const { get, uploaded, checked, committed } = importClient(() => t.app);

let pump: { id: string; slug: string };
let meter: TMeter;
let schedule: TSchedule;

beforeAll(async () => {
  pump = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Bilge pump' });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/admin/assets/${pump.id}/meters`,
    headers: t.headers.adminA,
    payload: { name: 'Hours', unit: 'h' },
  });
  meter = created.json();
  await t.app.inject({
    method: 'POST',
    url: `/api/meters/${meter.id}/readings`,
    headers: t.headers.adminA,
    payload: { value: 100, readAt: '2026-01-01T08:00:00Z' },
  });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/admin/schedules',
    headers: t.headers.adminA,
    payload: {
      assetId: pump.id,
      title: 'Impeller',
      startsOn: '2026-01-01',
      usage: { meterId: meter.id, every: 100 },
    },
  });
  schedule = saved.json();
});

const csv = (rows: string[][]) =>
  ['Asset slug,Meter,Reading,Read at,Meter replacement,Notes', ...rows.map((row) => row.join(','))].join(
    '\n',
  );

describe('importing meter readings', () => {
  it('recognises the template, and names each wrong row’s column and reason in the check', async () => {
    const run = await uploaded(
      t.headers.adminA,
      csv([
        [pump.slug, 'hours', '150', '2026-02-01', '', ''],
        [pump.slug, 'Hours', '90', '2026-02-05', '', ''],
        [pump.slug, 'Hours', '12x', '2026-02-06', '', ''],
        [pump.slug, 'Spindle', '5', '2026-02-07', '', ''],
        ['no-such-asset', 'Hours', '5', '2026-02-07', '', ''],
        [pump.slug, 'Hours', '160', '2026-01-20', '', ''],
        [pump.slug, 'Hours', '170', '2026-02-08', 'maybe', ''],
        [pump.slug, 'Hours', '180', '', '', ''],
      ]),
      'readings',
    );
    expect(run).toMatchObject({ kind: 'readings', format: 'Maintenance QR' });
    expect(run.mapping.map((target) => target.kind)).toEqual([
      'asset',
      'meter',
      'value',
      'readAt',
      'replacement',
      'notes',
    ]);
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 7 });
    const problems = (await get(t.headers.adminA, `/api/admin/imports/${run.id}/problems`)).json();
    expect(
      problems.map((p: { row: number; column: string; message: string }) => [p.row, p.column, p.message]),
    ).toEqual([
      [3, 'Reading', METER_MESSAGES.backwards(150, 'h')],
      [4, 'Reading', IMPORT_SAID.numberInvalid('12x', 'point').message],
      [5, 'Meter', IMPORT_MESSAGES.meterNotFound],
      [6, 'Asset slug', IMPORT_MESSAGES.assetNotFound],
      [7, 'Read at', IMPORT_SAID.readingsOutOfOrder(2).message],
      [8, 'Meter replacement', IMPORT_MESSAGES.replacementInvalid],
      [9, 'Read at', IMPORT_MESSAGES.readAtRequired],
    ]);
    expect(await t.db.$count(meterReadings, eq(meterReadings.meterId, meter.id))).toBe(1);
  });

  it('writes a clean file in order, a replacement included, and makes the usage schedule’s task due', async () => {
    const run = await uploaded(
      t.headers.adminA,
      csv([
        [pump.slug, 'Hours', '150', '2026-02-01 08:00', '', 'Weekly round'],
        [pump.slug, 'Hours', '210', '2026-02-10T08:00:00Z', '', ''],
        [pump.slug, 'Hours', '5', '2026-02-15', 'yes', 'New hour meter'],
        [pump.slug, 'Hours', '25', '2026-02-20', '', ''],
      ]),
      'readings',
    );
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({ status: 'Done', createdCount: 4 });
    const after = (await get(t.headers.adminA, `/api/meters/${meter.id}`)).json<TMeter>();
    expect(after).toMatchObject({ lastValue: 25, readingCount: 5 });
    expect(after.series.map((point) => [point.value, point.isReplacement])).toEqual([
      [100, false],
      [150, false],
      [210, false],
      [5, true],
      [25, false],
    ]);
    // Due at 200 h: reached by the file, one task created with the import.
    expect(await tasksOfSchedule(t.db, schedule.id)).toHaveLength(1);
    const imported = await t.db.select().from(meterReadings).where(eq(meterReadings.importId, run.id));
    expect(imported).toHaveLength(4);
    expect(imported.every((reading) => reading.recordedById === t.orgA.admin.id)).toBe(true);
  });

  it('a meter’s first readings from a file start its waiting schedule’s count at the earliest of them', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/assets/${pump.id}/meters`,
      headers: t.headers.adminA,
      payload: { name: 'Cycles', unit: 'cycles' },
    });
    const cycles = created.json<TMeter>();
    const waiting = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/schedules',
        headers: t.headers.adminA,
        payload: {
          assetId: pump.id,
          title: 'Seal check',
          startsOn: '2026-01-01',
          usage: { meterId: cycles.id, every: 100 },
        },
      })
    ).json<TSchedule>();
    expect(waiting.usage).toMatchObject({ from: null, nextDueAt: null });
    const run = await uploaded(
      t.headers.adminA,
      csv([
        [pump.slug, 'Cycles', '5000', '2026-03-01', '', ''],
        [pump.slug, 'Cycles', '5050', '2026-03-02', '', ''],
      ]),
      'readings',
    );
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ problemCount: 0 });
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({ status: 'Done', createdCount: 2 });
    expect(await tasksOfSchedule(t.db, waiting.id)).toHaveLength(0);
    const after = (await get(t.headers.adminA, `/api/schedules/${waiting.id}`)).json<TSchedule>();
    expect(after.usage).toMatchObject({ from: 5000, nextDueAt: 5100, currentValue: 5050 });
  });

  it('finds no asset of another organization: its slugs are unknown there', async () => {
    const run = await uploaded(
      t.headers.adminB,
      csv([[pump.slug, 'Hours', '900', '2026-03-01', '', '']]),
      'readings',
    );
    expect(await checked(t.headers.adminB, run.id)).toMatchObject({ problemCount: 1 });
    const [problem] = (await get(t.headers.adminB, `/api/admin/imports/${run.id}/problems`)).json();
    expect(problem).toMatchObject({ column: 'Asset slug', message: IMPORT_MESSAGES.assetNotFound });
  });
});
