import type { TMeter, TMeterReadingResult, TSchedule, TUsageCombine } from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createScheduleViaApi, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from './engine.ts';

// The engine and the readings together (ADR 138): a usage trigger with a calendar backstop,
// whichever comes first or last; the task created by whichever of the two makes it due.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

/** Moves the clock to `iso` and runs the engine, as its job does every minute. */
async function at(iso: string): Promise<number> {
  clock.freeze(new Date(iso));
  return (await runScheduleEngine(t.db, clock)).tasksCreated;
}

let asset: { id: string };

beforeAll(async () => {
  clock.freeze(new Date('2026-01-01T09:00:00Z'));
  asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Compressor' });
});

async function meterWith(name: string, first: number): Promise<TMeter> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/assets/${asset.id}/meters`,
    headers: t.headers.adminA,
    payload: { name, unit: 'h' },
  });
  const meter = response.json<TMeter>();
  await read(meter, first);
  return meter;
}

async function read(meter: TMeter, value: number): Promise<TMeterReadingResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/meters/${meter.id}/readings`,
    headers: t.headers.memberA,
    payload: { value, confirm: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every 500 h or every month from 1 January, whichever comes `combine`. */
function backstopped(meter: TMeter, combine: TUsageCombine, title: string) {
  return createScheduleViaApi(t.app, t.headers.adminA, {
    assetId: asset.id,
    title,
    startsOn: '2026-01-01',
    recurrence: { pattern: 'interval', every: 1, unit: 'month' },
    usage: { meterId: meter.id, every: 500, combine },
  });
}

const dueDates = async (schedule: TSchedule) =>
  (await tasksOfSchedule(t.db, schedule.id)).map((task) => task.dueOn);

const view = async (schedule: TSchedule) =>
  (
    await t.app.inject({ url: `/api/schedules/${schedule.id}`, headers: t.headers.memberA })
  ).json<TSchedule>();

async function completeAll(schedule: TSchedule) {
  for (const task of await tasksOfSchedule(t.db, schedule.id)) {
    if (task.taskStatus === 'Completed') continue;
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${task.id}/complete`,
      headers: t.headers.memberA,
    });
    expect(done.statusCode, done.body).toBe(200);
  }
}

describe('whichever comes first', () => {
  it('the calendar backstop makes it due when the use is low; the count of use starts again from there', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('First: low use', 100);
    const schedule = await backstopped(meter, 'first', 'Low use service');
    // The backstop counts from the start date as from a completion: due a month on.
    expect(schedule).toMatchObject({ nextDueOn: '2026-02-01', mode: 'floating' });
    expect(schedule.usage).toMatchObject({ combine: 'first', nextDueAt: 600, backstopOn: '2026-02-01' });
    expect(await at('2026-01-31T09:00:00Z')).toBe(0);
    await read(meter, 300);
    expect(await at('2026-02-01T09:00:00Z')).toBe(1);
    expect(await dueDates(schedule)).toEqual(['2026-02-01']);
    // Its task open: neither the use nor the calendar makes another due.
    const open = await view(schedule);
    expect(open.usage).toMatchObject({ nextDueAt: null });
    expect(open.nextDueOn).toBeNull();
    expect((await read(meter, 700)).triggered).toEqual([]);
    clock.freeze(new Date('2026-02-03T10:00:00Z'));
    await completeAll(schedule);
    const next = await view(schedule);
    expect(next.usage).toMatchObject({ from: 700, nextDueAt: 1200, backstopOn: '2026-03-03' });
    expect(next.nextDueOn).toBe('2026-03-03');
  });

  it('the use makes it due when it runs ahead of the calendar, the task due that day', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('First: high use', 1000);
    const schedule = await backstopped(meter, 'first', 'High use service');
    clock.freeze(new Date('2026-01-12T09:00:00Z'));
    const reading = await read(meter, 1510);
    expect(reading.triggered).toEqual([
      expect.objectContaining({ scheduleId: schedule.id, dueOn: '2026-01-12', taskId: expect.any(String) }),
    ]);
    expect(await dueDates(schedule)).toEqual(['2026-01-12']);
    // The calendar date that comes while its task is open creates nothing.
    expect(await at('2026-02-01T09:00:00Z')).toBe(0);
    expect(await dueDates(schedule)).toEqual(['2026-01-12']);
  });
});

describe('whichever comes last', () => {
  it('use reached first waits for the calendar date, then the engine creates the task on it', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('Last: use first', 0);
    const schedule = await backstopped(meter, 'last', 'Not too often');
    // Not due by the calendar until the use is reached.
    expect(schedule.nextDueOn).toBeNull();
    expect(await at('2026-01-15T09:00:00Z')).toBe(0);
    const reading = await read(meter, 520);
    expect(reading.triggered).toEqual([
      { scheduleId: schedule.id, title: 'Not too often', taskId: null, dueOn: '2026-02-01' },
    ]);
    expect(await dueDates(schedule)).toEqual([]);
    const waiting = await view(schedule);
    expect(waiting.nextDueOn).toBe('2026-02-01');
    expect(waiting.usage).toMatchObject({ nextDueAt: null, expectedOn: '2026-02-01' });
    expect(await at('2026-01-31T09:00:00Z')).toBe(0);
    expect(await at('2026-02-01T09:00:00Z')).toBe(1);
    expect(await dueDates(schedule)).toEqual(['2026-02-01']);
  });

  it('the calendar date passed first waits for the use, and the reading that reaches it creates the task', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('Last: date first', 0);
    const schedule = await backstopped(meter, 'last', 'Only when used');
    expect(await at('2026-02-10T09:00:00Z')).toBe(0);
    expect((await read(meter, 499)).triggered).toEqual([]);
    expect(await dueDates(schedule)).toEqual([]);
    clock.freeze(new Date('2026-02-20T09:00:00Z'));
    const reading = await read(meter, 501);
    expect(reading.triggered).toEqual([
      expect.objectContaining({ scheduleId: schedule.id, dueOn: '2026-02-20', taskId: expect.any(String) }),
    ]);
    expect(await dueDates(schedule)).toEqual(['2026-02-20']);
  });
});

describe('saving, pausing and deleting', () => {
  it('a schedule saved with its meter already past the due use creates its task at once', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('Overdue at once', 2000);
    const schedule = await createScheduleViaApi(t.app, t.headers.adminA, {
      assetId: asset.id,
      title: 'Catch up',
      startsOn: '2026-01-01',
      usage: { meterId: meter.id, every: 500, from: 1000 },
    });
    expect(await dueDates(schedule)).toEqual(['2026-01-01']);
  });

  it('a paused schedule creates nothing; resumed, it creates the task its meter has reached', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('Paused', 0);
    const schedule = await createScheduleViaApi(t.app, t.headers.adminA, {
      assetId: asset.id,
      title: 'Paused service',
      startsOn: '2026-01-01',
      usage: { meterId: meter.id, every: 100 },
    });
    const pause = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/schedules/${schedule.id}/pause`,
        headers: t.headers.adminA,
      });
    expect((await pause()).statusCode).toBe(200);
    clock.freeze(new Date('2026-01-05T09:00:00Z'));
    expect((await read(meter, 150)).triggered).toEqual([]);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/schedules/${schedule.id}/resume`,
      headers: t.headers.adminA,
    });
    expect(resumed.statusCode).toBe(200);
    expect(await dueDates(schedule)).toEqual(['2026-01-05']);
  });

  it('an edit of the usage counts again (from a reading given), and a deleted open task is made again', async () => {
    await at('2026-01-01T09:00:00Z');
    const meter = await meterWith('Edited', 300);
    const body = {
      title: 'Edited service',
      startsOn: '2026-01-01',
      usage: { meterId: meter.id, every: 400 },
    };
    const schedule = await createScheduleViaApi(t.app, t.headers.adminA, { ...body, assetId: asset.id });
    expect(schedule.usage).toMatchObject({ from: 300, nextDueAt: 700 });
    const edit = (usage: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/schedules/${schedule.id}`,
        headers: t.headers.adminA,
        payload: { ...body, usage },
      });
    const every = await edit({ meterId: meter.id, every: 200 });
    expect(every.json<TSchedule>().usage).toMatchObject({ from: 300, nextDueAt: 500 });
    const from = await edit({ meterId: meter.id, every: 200, from: 0 });
    // Due at 200, the meter at 300: the task at once.
    expect(from.json<TSchedule>().usage).toMatchObject({ from: 0, nextDueAt: null });
    const [task] = await tasksOfSchedule(t.db, schedule.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/assets/${asset.id}/events/${task!.id}`,
      headers: t.headers.adminA,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await tasksOfSchedule(t.db, schedule.id)).toHaveLength(1);
    expect((await tasksOfSchedule(t.db, schedule.id))[0]!.id).not.toBe(task!.id);
  });
});
