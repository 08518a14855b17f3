import {
  METER_MESSAGES,
  type TMeter,
  type TMeterReading,
  type TMeterReadingResult,
  type TSchedule,
} from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meterReadings, meters, webhookDeliveries } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { auditEntriesOf, createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createScheduleViaApi, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

// Meters, readings and usage triggers through the API (docs/product/meters.md, ADRs 137-138).

const clock = new SettableClock();
const t = tenantWorld({ webhooksAllowPrivateAddresses: true }, { clock });
const DAY = 86_400_000;
const START = Date.parse('2026-03-01T08:00:00Z');
/** The clock `days` after the start (fractions allowed). */
const at = (days: number) => new Date(START + days * DAY);

let assetA: { id: string; slug: string };
let assetB: { id: string };

beforeAll(async () => {
  clock.freeze(at(0));
  assetA = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Compressor 1' });
  assetB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B compressor' });
  const endpoint = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: t.headers.adminA,
    payload: { url: 'https://hooks.example.com/meters', events: ['meter.trigger_crossed'] },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as AuthHeaders,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addMeter(assetId = assetA.id, body: object = { name: 'Running hours', unit: 'h' }) {
  const response = await inject('POST', `/api/admin/assets/${assetId}/meters`, t.headers.adminA, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMeter>();
}

const read = (meterId: string, payload: object, headers: object = t.headers.memberA) =>
  inject('POST', `/api/meters/${meterId}/readings`, headers, payload);

async function readOk(meterId: string, payload: object, headers: object = t.headers.memberA) {
  const response = await read(meterId, payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMeterReadingResult>();
}

const readingCount = async (meterId: string) =>
  t.db.$count(meterReadings, eq(meterReadings.meterId, meterId));
const meterRow = async (meterId: string) =>
  (await t.db.select().from(meters).where(eq(meters.id, meterId)))[0]!;

describe('meters', () => {
  it('an administrator adds one to an asset; everyone signed in reads it; it is audited', async () => {
    const meter = await addMeter(assetA.id, { name: '  Odometer ', unit: 'km' });
    expect(meter).toMatchObject({
      assetId: assetA.id,
      name: 'Odometer',
      unit: 'km',
      lastValue: null,
      lastReadAt: null,
      dailyRate: null,
      readingCount: 0,
      series: [],
    });
    const list = await inject('GET', `/api/assets/${assetA.id}/meters`, t.headers.memberA);
    expect(list.statusCode).toBe(200);
    expect(list.json<TMeter[]>().map((m) => m.name)).toContain('Odometer');
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, meter.id);
    expect(entry).toMatchObject({ action: 'CREATE', entityType: 'Meter', entityName: 'Odometer' });
  });

  it('refuses a member (403), a name taken on the asset (409 on name), and a missing name or unit (400)', async () => {
    const asMember = await inject('POST', `/api/admin/assets/${assetA.id}/meters`, t.headers.memberA, {
      name: 'Cycles',
      unit: 'cycles',
    });
    expect(asMember.statusCode).toBe(403);
    await addMeter(assetA.id, { name: 'Cycles', unit: 'cycles' });
    const taken = await inject('POST', `/api/admin/assets/${assetA.id}/meters`, t.headers.adminA, {
      name: 'CYCLES',
      unit: 'cycles',
    });
    expect(taken.statusCode).toBe(409);
    expect(pathsAndMessages(taken.json().fields)).toEqual([
      { path: 'name', message: METER_MESSAGES.nameTaken },
    ]);
    const blank = await inject('POST', `/api/admin/assets/${assetA.id}/meters`, t.headers.adminA, {
      name: ' ',
      unit: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(pathsAndMessages(blank.json().fields)).toEqual([
      { path: 'name', message: METER_MESSAGES.nameRequired },
      { path: 'unit', message: METER_MESSAGES.unitRequired },
    ]);
  });

  it('renames one (audited), and deletes one with its readings', async () => {
    const meter = await addMeter(assetA.id, { name: 'Spare', unit: 'h' });
    await readOk(meter.id, { value: 5 });
    const renamed = await inject('PUT', `/api/admin/meters/${meter.id}`, t.headers.adminA, {
      name: 'Spare pump',
      unit: 'h',
    });
    expect(renamed.json<TMeter>().name).toBe('Spare pump');
    const deleted = await inject('DELETE', `/api/admin/meters/${meter.id}`, t.headers.adminA);
    expect(deleted.statusCode).toBe(204);
    expect(await readingCount(meter.id)).toBe(0);
    const actions = (await auditEntriesOf(t.db, t.orgA.organization.id, meter.id)).map((e) => e.action);
    expect(actions.sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
  });

  it('answers 404 to another organization for every meter route, and writes nothing', async () => {
    const meter = await addMeter(assetA.id, { name: 'Private', unit: 'h' });
    await readOk(meter.id, { value: 10 });
    const theirs = t.headers.adminB;
    const attempts = [
      inject('GET', `/api/assets/${assetA.id}/meters`, theirs),
      inject('POST', `/api/admin/assets/${assetA.id}/meters`, theirs, { name: 'Mine', unit: 'h' }),
      inject('GET', `/api/meters/${meter.id}`, theirs),
      inject('GET', `/api/meters/${meter.id}/readings`, theirs),
      read(meter.id, { value: 20 }, theirs),
      inject('PUT', `/api/admin/meters/${meter.id}`, theirs, { name: 'Mine', unit: 'h' }),
      inject('DELETE', `/api/admin/meters/${meter.id}`, theirs),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    const [reading] = await t.db.select().from(meterReadings).where(eq(meterReadings.meterId, meter.id));
    const deleteReading = await inject(
      'DELETE',
      `/api/admin/meters/${meter.id}/readings/${reading!.id}`,
      theirs,
    );
    expect(deleteReading.statusCode).toBe(404);
    expect(await readingCount(meter.id)).toBe(1);
    expect(await meterRow(meter.id)).toMatchObject({ name: 'Private', lastValue: 10 });
    // Their own asset's list is theirs: ours is not in it.
    const theirList = await inject('GET', `/api/assets/${assetB.id}/meters`, theirs);
    expect(theirList.json()).toEqual([]);
  });

  it('answers the meters of a scanned asset by its slug, to its own organization only', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Scanned pump' });
    await addMeter(asset.id, { name: 'Pump hours', unit: 'h' });
    const own = await inject('GET', `/api/meters?assetSlug=${asset.slug.toUpperCase()}`, t.headers.memberA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ assetId: asset.id, assetName: 'Scanned pump', retired: false });
    expect(own.json().meters.map((m: TMeter) => m.name)).toEqual(['Pump hours']);
    const theirs = await inject('GET', `/api/meters?assetSlug=${asset.slug}`, t.headers.memberB);
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed meter id', async () => {
    for (const id of ['0190a000-0000-7000-8000-000000000000', 'not-an-id']) {
      expect((await read(id, { value: 1 })).statusCode).toBe(404);
      expect((await inject('GET', `/api/meters/${id}`, t.headers.memberA)).statusCode).toBe(404);
    }
  });

  it('takes no readings and no new meter on a retired asset (409)', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Old press' });
    const meter = await addMeter(asset.id, { name: 'Strokes', unit: 'cycles' });
    const retired = await inject('POST', `/api/admin/assets/${asset.id}/retire`, t.headers.adminA, {});
    expect(retired.statusCode, retired.body).toBe(200);
    const reading = await read(meter.id, { value: 1 });
    expect(reading.statusCode).toBe(409);
    expect(reading.json().message).toBe(METER_MESSAGES.assetRetired);
    const added = await inject('POST', `/api/admin/assets/${asset.id}/meters`, t.headers.adminA, {
      name: 'More',
      unit: 'h',
    });
    expect(added.statusCode).toBe(409);
  });
});

describe('readings', () => {
  let meter: TMeter;
  beforeAll(async () => {
    clock.freeze(at(0));
    meter = await addMeter(assetA.id, { name: 'Hours', unit: 'h' });
  });

  it('a member enters one; the meter keeps it as its last, with who and when', async () => {
    const result = await readOk(meter.id, { value: 1000, note: 'Hand-over' });
    expect(result.reading).toMatchObject({
      meterId: meter.id,
      value: 1000,
      readAt: at(0).toISOString(),
      note: 'Hand-over',
      isReplacement: false,
      recordedById: t.orgA.member.id,
      recordedByName: t.orgA.member.displayName,
    });
    expect(result.meter).toMatchObject({ lastValue: 1000, readingCount: 1, dailyRate: null });
    expect(result.meter.series).toEqual([{ readAt: at(0).toISOString(), value: 1000, isReplacement: false }]);
    expect(result.triggered).toEqual([]);
  });

  it('keeps an average daily use once a day is read, weighted towards recent readings', async () => {
    clock.freeze(at(10));
    const second = await readOk(meter.id, { value: 1100 });
    // 100 h over the first 10 days.
    expect(second.meter.dailyRate).toBe(10);
    clock.freeze(at(11));
    const third = await readOk(meter.id, { value: 1120 });
    // 20 h in one day weighs 1 − e^(−1/30) ≈ 3.3 %: 10 + 0.0328 × 10.
    expect(third.meter.dailyRate).toBeCloseTo(10.328, 2);
  });

  it('refuses a reading lower than the last with 422 naming value, and writes nothing', async () => {
    const before = await readingCount(meter.id);
    const response = await read(meter.id, { value: 1119 });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('UNPROCESSABLE');
    expect(pathsAndMessages(response.json().fields)).toEqual([
      { path: 'value', message: METER_MESSAGES.backwards(1120, 'h') },
    ]);
    expect(await readingCount(meter.id)).toBe(before);
    expect((await meterRow(meter.id)).lastValue).toBe(1120);
  });

  it('refuses what is not a number from 0 up, a note too long, a time in the future (400 naming the field)', async () => {
    const before = await readingCount(meter.id);
    for (const value of ['1200', null, -1, 1e13, 'abc']) {
      const response = await read(meter.id, { value });
      expect(response.statusCode).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([
        { path: 'value', message: METER_MESSAGES.value },
      ]);
    }
    const long = await read(meter.id, { value: 1200, note: 'x'.repeat(501) });
    expect(pathsAndMessages(long.json().fields)).toEqual([
      { path: 'note', message: METER_MESSAGES.noteTooLong },
    ]);
    const future = await read(meter.id, { value: 1200, readAt: at(12).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(pathsAndMessages(future.json().fields)).toEqual([
      { path: 'readAt', message: METER_MESSAGES.readAtFuture },
    ]);
    expect(await readingCount(meter.id)).toBe(before);
  });

  it('asks to confirm an implausible jump (409 CONFIRM_REQUIRED on value), and takes it confirmed', async () => {
    clock.freeze(at(12));
    const before = await readingCount(meter.id);
    // About 10 h a day: 500 h in one day is more than ten times that.
    const refused = await read(meter.id, { value: 1620 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFIRM_REQUIRED', messageId: 'meter.implausible' });
    expect(refused.json().fields[0].path).toBe('value');
    expect(await readingCount(meter.id)).toBe(before);
    const confirmed = await readOk(meter.id, { value: 1620, confirm: true });
    expect(confirmed.meter.lastValue).toBe(1620);
  });

  it('takes a reading entered late between the ones around it, never outside them', async () => {
    // Between day 11 (1120) and day 12 (1620).
    const late = await readOk(meter.id, { value: 1300, readAt: at(11.5).toISOString() });
    expect(late.meter.lastValue).toBe(1620);
    expect(late.triggered).toEqual([]);
    const tooHigh = await read(meter.id, { value: 1700, readAt: at(11.6).toISOString() });
    expect(tooHigh.statusCode).toBe(422);
    expect(pathsAndMessages(tooHigh.json().fields)).toEqual([
      { path: 'value', message: METER_MESSAGES.aboveNext(1620, 'h') },
    ]);
    const tooLow = await read(meter.id, { value: 1200, readAt: at(11.7).toISOString() });
    expect(pathsAndMessages(tooLow.json().fields)).toEqual([
      { path: 'value', message: METER_MESSAGES.backwards(1300, 'h') },
    ]);
    const lateReplacement = await read(meter.id, {
      value: 5,
      isReplacement: true,
      readAt: at(11.8).toISOString(),
    });
    expect(lateReplacement.statusCode).toBe(422);
    expect(pathsAndMessages(lateReplacement.json().fields)).toEqual([
      { path: 'isReplacement', message: METER_MESSAGES.replacementNotLatest },
    ]);
  });

  it('takes a lower reading marked as a meter replacement, counting use on from it', async () => {
    clock.freeze(at(13));
    const replaced = await readOk(meter.id, { value: 3, isReplacement: true, note: 'New hour meter' });
    expect(replaced.reading.isReplacement).toBe(true);
    expect(replaced.meter.lastValue).toBe(3);
    // Use goes on from where the old meter stopped.
    expect(await meterRow(meter.id)).toMatchObject({ lastValue: 3, lastUsage: 1620 });
    clock.freeze(at(14));
    await readOk(meter.id, { value: 13 });
    expect(await meterRow(meter.id)).toMatchObject({ lastValue: 13, lastUsage: 1630 });
  });

  it('a retried reading (same Idempotency-Key) is recorded once and answered alike', async () => {
    const headers = { ...t.headers.memberA, 'idempotency-key': 'reading-hours-1' };
    const before = await readingCount(meter.id);
    const first = await read(meter.id, { value: 20 }, headers);
    const again = await read(meter.id, { value: 20 }, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await readingCount(meter.id)).toBe(before + 1);
  });

  it('names the task it was read for, one of the asset’s only (400 on eventId)', async () => {
    const other = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Other' });
    const task = await inject('POST', `/api/assets/${other.id}/events`, t.headers.memberA, {
      title: 'Check',
    });
    const refused = await read(meter.id, { value: 21, eventId: task.json().id });
    expect(pathsAndMessages(refused.json().fields)).toEqual([
      { path: 'eventId', message: METER_MESSAGES.eventUnknown },
    ]);
    const own = await inject('POST', `/api/assets/${assetA.id}/events`, t.headers.memberA, {
      title: 'Service',
    });
    const taken = await readOk(meter.id, { value: 21, eventId: own.json().id });
    expect(taken.reading.eventId).toBe(own.json().id);
  });

  it('lists them latest first, paged, with the meter’s count; the chart is oldest first', async () => {
    const page = await inject('GET', `/api/meters/${meter.id}/readings?pageSize=3`, t.headers.memberA);
    expect(page.statusCode).toBe(200);
    const count = await readingCount(meter.id);
    expect(page.headers['x-total-count']).toBe(String(count));
    expect(page.json<TMeterReading[]>().map((r) => r.value)).toEqual([21, 20, 13]);
    const view = (await inject('GET', `/api/meters/${meter.id}`, t.headers.memberA)).json<TMeter>();
    expect(view.series.map((p) => p.value)).toEqual([1000, 1100, 1120, 1300, 1620, 3, 13, 20, 21]);
    expect(view.series.find((p) => p.value === 3)?.isReplacement).toBe(true);
  });

  it('an administrator deletes a reading entered by mistake; the one before becomes the last', async () => {
    const last = await readOk(meter.id, { value: 99 });
    const member = await inject(
      'DELETE',
      `/api/admin/meters/${meter.id}/readings/${last.reading.id}`,
      t.headers.memberA,
    );
    expect(member.statusCode).toBe(403);
    const deleted = await inject(
      'DELETE',
      `/api/admin/meters/${meter.id}/readings/${last.reading.id}`,
      t.headers.adminA,
    );
    expect(deleted.statusCode).toBe(204);
    expect(await meterRow(meter.id)).toMatchObject({ lastValue: 21 });
  });
});

describe('usage triggers', () => {
  let meter: TMeter;
  let schedule: TSchedule;
  beforeAll(async () => {
    clock.freeze(at(100));
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Generator' });
    meter = await addMeter(asset.id, { name: 'Engine hours', unit: 'h' });
    await readOk(meter.id, { value: 12_000 });
    clock.freeze(at(110));
    // 8 h a day.
    await readOk(meter.id, { value: 12_080 });
    schedule = await createScheduleViaApi(t.app, t.headers.adminA, {
      assetId: asset.id,
      title: 'Oil change',
      startsOn: '2026-06-09',
      usage: { meterId: meter.id, every: 250, from: 12_000 },
    });
  });

  it('a schedule due every N units projects its next due date from the average daily use', async () => {
    expect(schedule).toMatchObject({ recurrence: null, rrule: null, mode: 'floating', nextDueOn: null });
    // Due at 12,250 h: 170 h to go at 8 h a day is 21.25 days after the last reading (day 110).
    expect(schedule.usage).toEqual({
      meterId: meter.id,
      meterName: 'Engine hours',
      unit: 'h',
      every: 250,
      combine: 'first',
      from: 12_000,
      nextDueAt: 12_250,
      currentValue: 12_080,
      projectedOn: at(131.25).toISOString().slice(0, 10),
      backstopOn: null,
      expectedOn: at(131.25).toISOString().slice(0, 10),
    });
  });

  it('a reading that reaches it creates the task in its transaction and sends meter.trigger_crossed', async () => {
    clock.freeze(at(120));
    const below = await readOk(meter.id, { value: 12_200 });
    expect(below.triggered).toEqual([]);
    clock.freeze(at(127));
    const reached = await readOk(meter.id, { value: 12_260 });
    const tasks = await tasksOfSchedule(t.db, schedule.id);
    expect(tasks).toHaveLength(1);
    expect(reached.triggered).toEqual([
      {
        scheduleId: schedule.id,
        title: 'Oil change',
        taskId: tasks[0]!.id,
        dueOn: at(127).toISOString().slice(0, 10),
      },
    ]);
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, t.orgA.organization.id),
          eq(webhookDeliveries.eventType, 'meter.trigger_crossed'),
        ),
      );
    expect(deliveries.map((row) => JSON.parse(row.body).data)).toEqual([
      expect.objectContaining({
        meterId: meter.id,
        readingId: reached.reading.id,
        value: 12_260,
        scheduleId: schedule.id,
        dueAtValue: 12_250,
        taskId: tasks[0]!.id,
      }),
    ]);
    // While its task is open, nothing more falls due.
    clock.freeze(at(140));
    expect((await readOk(meter.id, { value: 12_600 })).triggered).toEqual([]);
    const open = (await inject('GET', `/api/schedules/${schedule.id}`, t.headers.memberA)).json<TSchedule>();
    expect(open.usage).toMatchObject({ nextDueAt: null, expectedOn: null });
  });

  it('completing the task counts the next from the meter’s reading at the completion', async () => {
    const [task] = await tasksOfSchedule(t.db, schedule.id);
    const asset = schedule.assetId;
    const done = await inject(
      'POST',
      `/api/assets/${asset}/events/${task!.id}/complete`,
      t.headers.memberA,
      {},
    );
    expect(done.statusCode, done.body).toBe(200);
    const after = (await inject('GET', `/api/schedules/${schedule.id}`, t.headers.memberA)).json<TSchedule>();
    expect(after.usage).toMatchObject({ from: 12_600, nextDueAt: 12_850 });
  });

  it('a schedule saved before its meter’s first reading counts from that reading, which makes nothing due', async () => {
    clock.freeze(at(150));
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Compressor' });
    const fresh = await addMeter(asset.id, { name: 'Running hours', unit: 'h' });
    const waiting = await createScheduleViaApi(t.app, t.headers.adminA, {
      assetId: asset.id,
      title: '100 h service',
      startsOn: '2026-06-09',
      usage: { meterId: fresh.id, every: 100 },
    });
    expect(waiting.usage).toMatchObject({ from: null, nextDueAt: null, currentValue: null });
    // The first reading says where the meter stands: 1,000 h is no 1,000 h of use since the count began.
    expect((await readOk(fresh.id, { value: 1000 })).triggered).toEqual([]);
    const counting = (
      await inject('GET', `/api/schedules/${waiting.id}`, t.headers.memberA)
    ).json<TSchedule>();
    expect(counting.usage).toMatchObject({ from: 1000, nextDueAt: 1100 });
    expect(await tasksOfSchedule(t.db, waiting.id)).toHaveLength(0);
    clock.freeze(at(152));
    const reached = await readOk(fresh.id, { value: 1100 });
    expect(reached.triggered.map((entry) => entry.scheduleId)).toEqual([waiting.id]);
  });

  it('deleting its asset deletes its meters, their readings and its usage schedules', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Scrapped pump' });
    const gone = await addMeter(asset.id, { name: 'Hours', unit: 'h' });
    const task = await inject('POST', `/api/assets/${asset.id}/events`, t.headers.memberA, {
      title: 'Last service',
    });
    await readOk(gone.id, { value: 10, eventId: task.json().id });
    // Retiring waits for its open tasks.
    await inject('POST', `/api/assets/${asset.id}/events/${task.json().id}/complete`, t.headers.memberA, {});
    await createScheduleViaApi(t.app, t.headers.adminA, {
      assetId: asset.id,
      title: 'Every 100 h',
      startsOn: '2026-06-09',
      usage: { meterId: gone.id, every: 100 },
    });
    expect(
      (await inject('POST', `/api/admin/assets/${asset.id}/retire`, t.headers.adminA, {})).statusCode,
    ).toBe(200);
    const deleted = await inject('DELETE', `/api/admin/assets/${asset.id}`, t.headers.adminA, {
      confirmName: 'Scrapped pump',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.$count(meters, eq(meters.id, gone.id))).toBe(0);
    expect(await readingCount(gone.id)).toBe(0);
  });

  it('a meter a schedule counts on is not deleted (409)', async () => {
    const response = await inject('DELETE', `/api/admin/meters/${meter.id}`, t.headers.adminA);
    expect(response.statusCode).toBe(409);
    expect(await meterRow(meter.id)).toBeDefined();
  });

  it('refuses another asset’s meter, a usage every of 0, and no trigger at all (400 naming the field)', async () => {
    const other = await addMeter(assetA.id, { name: 'Elsewhere', unit: 'h' });
    const body = { assetId: schedule.assetId, title: 'X', startsOn: '2026-06-09' };
    const refusals: [object, string, string][] = [
      [{ usage: { meterId: other.id, every: 10 } }, 'usage.meterId', METER_MESSAGES.usageMeter],
      [{ usage: { meterId: meter.id, every: 0 } }, 'usage.every', METER_MESSAGES.usageEvery],
      [{}, 'recurrence', METER_MESSAGES.triggerRequired],
      [
        {
          usage: { meterId: meter.id, every: 10 },
          recurrence: { pattern: 'interval', every: 1, unit: 'year' },
          mode: 'fixed',
        },
        'mode',
        METER_MESSAGES.usageFixed,
      ],
    ];
    for (const [extra, path, message] of refusals) {
      const response = await inject('POST', '/api/admin/schedules', t.headers.adminA, { ...body, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path, message }]);
    }
  });
});
