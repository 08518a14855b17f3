import type { TSchedule } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maintenanceEvents, organizations } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from './engine.ts';

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

/** Moves the clock to `iso` and runs the engine, as its job does every minute. */
async function at(iso: string): Promise<number> {
  clock.freeze(new Date(iso));
  return (await runScheduleEngine(t.db, clock)).tasksCreated;
}

const dueDates = async (schedule: TSchedule) =>
  (await tasksOfSchedule(t.db, schedule.id)).map((task) => task.dueOn);

async function setTimeZone(organizationId: string, timeZone: string) {
  await t.db.update(organizations).set({ timeZone }).where(eq(organizations.id, organizationId));
}

const complete = (assetId: string, eventId: string, headers = t.headers.memberA) =>
  t.app.inject({ method: 'POST', url: `/api/assets/${assetId}/events/${eventId}/complete`, headers });

let asset: { id: string; slug: string };

beforeAll(async () => {
  clock.freeze(new Date('2025-12-01T12:00:00Z'));
  asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler room pump' });
});

describe('the engine across months', () => {
  it('creates each task at its lead time, on the same day of the month, short months on their last day', async () => {
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, { title: 'Month end', startsOn: '2026-01-31', leadDays: 3 }),
    );
    expect(await dueDates(schedule)).toEqual([]);
    expect(await at('2026-01-27T12:00:00Z')).toBe(0);
    expect(await at('2026-01-28T00:00:00Z')).toBe(1);
    for (const [now, due] of [
      ['2026-02-25T08:00:00Z', '2026-02-28'],
      ['2026-03-28T08:00:00Z', '2026-03-31'],
      ['2026-04-27T08:00:00Z', '2026-04-30'],
    ] as const) {
      await at(now);
      expect((await dueDates(schedule)).at(-1)).toBe(due);
    }
    expect(await dueDates(schedule)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('catches up after downtime with one task, the latest due, not a backlog', async () => {
    await at('2026-01-10T12:00:00Z');
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, {
        title: 'Weekly',
        recurrence: { pattern: 'interval', every: 1, unit: 'week' },
        startsOn: '2026-01-12',
      }),
    );
    await at('2026-01-12T12:00:00Z');
    expect(await dueDates(schedule)).toEqual(['2026-01-12']);
    // Five weeks down: one task on the return, the Monday just passed.
    expect(await at('2026-02-18T12:00:00Z')).toBeGreaterThanOrEqual(1);
    expect(await dueDates(schedule)).toEqual(['2026-01-12', '2026-02-16']);
    const stored = (
      await t.app.inject({ url: `/api/schedules/${schedule.id}`, headers: t.headers.memberA })
    ).json();
    expect(stored.nextDueOn).toBe('2026-02-23');
  });

  it('is idempotent: a second run, and two runs at once, create nothing more; the database refuses a duplicate', async () => {
    await at('2026-03-01T06:00:00Z');
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, {
        title: 'Daily',
        recurrence: { pattern: 'interval', every: 1, unit: 'day' },
        startsOn: '2026-03-02',
      }),
    );
    clock.freeze(new Date('2026-03-02T06:00:00Z'));
    const [first, second] = await Promise.all([
      runScheduleEngine(t.db, clock),
      runScheduleEngine(t.db, clock),
    ]);
    expect(first.tasksCreated + second.tasksCreated).toBeGreaterThanOrEqual(1);
    expect(await at('2026-03-02T07:00:00Z')).toBe(0);
    expect(await dueDates(schedule)).toEqual(['2026-03-02']);
    const [task] = await tasksOfSchedule(t.db, schedule.id);
    const duplicate = t.db.insert(maintenanceEvents).values({
      organizationId: t.orgA.organization.id,
      assetId: asset.id,
      title: 'Twin',
      scheduleId: schedule.id,
      dueOn: task!.dueOn,
    });
    await expect(duplicate).rejects.toThrow();
  });
});

describe('daylight-saving changes', () => {
  it('Europe/Paris: today turns at local midnight, in March and in October; due dates never move', async () => {
    await setTimeZone(t.orgA.organization.id, 'Europe/Paris');
    try {
      await at('2026-03-26T12:00:00Z');
      const daily = await createScheduleViaApi(
        t.app,
        t.headers.adminA,
        scheduleBody(asset.id, {
          title: 'Paris daily',
          recurrence: { pattern: 'interval', every: 1, unit: 'day' },
          startsOn: '2026-03-28',
        }),
      );
      // 23:30 in Paris (UTC+1) on the 28th; 00:30 on the 29th, the day clocks go forward.
      await at('2026-03-28T22:30:00Z');
      expect(await dueDates(daily)).toEqual(['2026-03-28']);
      await at('2026-03-28T23:30:00Z');
      expect(await dueDates(daily)).toEqual(['2026-03-28', '2026-03-29']);
      // 23:30 (UTC+2) on the 29th, then 00:30 on the 30th while UTC still says the 29th.
      await at('2026-03-29T21:30:00Z');
      expect(await dueDates(daily)).toEqual(['2026-03-28', '2026-03-29']);
      await at('2026-03-29T22:30:00Z');
      expect(await dueDates(daily)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
      // A task is performed at the start of its due date in Paris, whatever the offset that day.
      const performed = (await tasksOfSchedule(t.db, daily.id)).map((task) => task.performedAt.toISOString());
      expect(performed).toEqual([
        '2026-03-27T23:00:00.000Z',
        '2026-03-28T23:00:00.000Z',
        '2026-03-29T22:00:00.000Z',
      ]);
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/schedules/${daily.id}/pause`,
        headers: t.headers.adminA,
      });

      const monthly = await createScheduleViaApi(
        t.app,
        t.headers.adminA,
        scheduleBody(asset.id, {
          title: 'Paris monthly',
          recurrence: { pattern: 'monthDay', every: 1, day: 1 },
          startsOn: '2026-04-01',
        }),
      );
      for (const now of ['2026-09-30T22:30:00Z', '2026-10-31T23:30:00Z', '2026-11-30T23:30:00Z'])
        await at(now);
      // 1 October at 00:30 CEST, 1 November and 1 December at 00:30 CET: always the 1st.
      expect(await dueDates(monthly)).toEqual(['2026-10-01', '2026-11-01', '2026-12-01']);
      const pending = await t.app.inject({ url: '/api/tasks/pending?due=soon', headers: t.headers.memberA });
      expect(pending.json().find((task: { title: string }) => task.title === 'Paris monthly')).toMatchObject({
        dueOn: '2026-12-01',
        dueState: 'dueToday',
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/schedules/${monthly.id}/pause`,
        headers: t.headers.adminA,
      });
    } finally {
      await setTimeZone(t.orgA.organization.id, 'UTC');
    }
  });

  it('America/New_York: due today until local midnight, across the November change', async () => {
    await setTimeZone(t.orgB.organization.id, 'America/New_York');
    await at('2026-10-15T12:00:00Z');
    const assetB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'NY chiller' });
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminB,
      scheduleBody(assetB.id, {
        title: 'NY monthly',
        recurrence: { pattern: 'monthDay', every: 1, day: 1 },
        startsOn: '2026-11-01',
      }),
    );
    const state = async () =>
      (await t.app.inject({ url: `/api/assets/${assetB.id}`, headers: t.headers.memberB }))
        .json()
        .events.find((event: { scheduleId: string }) => event.scheduleId === schedule.id)?.dueState;
    // 23:59 on 31 October in New York (UTC−4): not yet.
    await at('2026-11-01T03:59:00Z');
    expect(await dueDates(schedule)).toEqual([]);
    await at('2026-11-01T04:00:00Z');
    expect(await dueDates(schedule)).toEqual(['2026-11-01']);
    expect(await state()).toBe('dueToday');
    // Clocks went back at 2:00: 23:30 on the 1st is 04:30 UTC on the 2nd (UTC−5).
    clock.freeze(new Date('2026-11-02T04:30:00Z'));
    expect(await state()).toBe('dueToday');
    clock.freeze(new Date('2026-11-02T05:30:00Z'));
    expect(await state()).toBe('overdue');
  });
});

describe('completing a task', () => {
  it('of a fixed schedule leaves its due dates; of a floating one counts the next from the completion', async () => {
    await at('2026-05-01T09:00:00Z');
    const fixed = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, { title: 'Fixed filter', startsOn: '2026-05-01' }),
    );
    const floating = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, { title: 'Floating filter', mode: 'floating', startsOn: '2026-05-01' }),
    );
    expect(floating.nextDueOn).toBeNull();
    const [fixedTask] = await tasksOfSchedule(t.db, fixed.id);
    const [floatingTask] = await tasksOfSchedule(t.db, floating.id);

    clock.freeze(new Date('2026-05-20T15:00:00Z'));
    expect((await complete(asset.id, fixedTask!.id)).statusCode).toBe(200);
    const done = await complete(asset.id, floatingTask!.id);
    expect(done.json()).toMatchObject({
      taskStatus: 'Completed',
      taskCompletedAt: '2026-05-20T15:00:00.000Z',
    });

    const read = async (schedule: TSchedule) =>
      (await t.app.inject({ url: `/api/schedules/${schedule.id}`, headers: t.headers.memberA })).json();
    expect((await read(fixed)).nextDueOn).toBe('2026-06-01');
    expect((await read(floating)).nextDueOn).toBe('2026-06-20');
    await at('2026-06-20T09:00:00Z');
    expect(await dueDates(fixed)).toEqual(['2026-05-01', '2026-06-01']);
    expect(await dueDates(floating)).toEqual(['2026-05-01', '2026-06-20']);
  });

  it('of a floating schedule within its lead time creates the next task at once', async () => {
    await at('2026-07-01T09:00:00Z');
    const weekly = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(asset.id, {
        title: 'Floating weekly',
        mode: 'floating',
        recurrence: { pattern: 'interval', every: 7, unit: 'day' },
        leadDays: 7,
        startsOn: '2026-07-01',
      }),
    );
    const [task] = await tasksOfSchedule(t.db, weekly.id);
    clock.freeze(new Date('2026-07-03T10:00:00Z'));
    await complete(asset.id, task!.id);
    expect(await dueDates(weekly)).toEqual(['2026-07-01', '2026-07-10']);
  });
});

describe('due dates in the lists', () => {
  let assetC: { id: string; slug: string };
  beforeAll(async () => {
    await at('2026-08-10T12:00:00Z');
    assetC = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Fire extinguisher' });
    const made = (title: string, startsOn: string, extra = {}) =>
      createScheduleViaApi(
        t.app,
        t.headers.adminB,
        scheduleBody(assetC.id, { title, startsOn, leadDays: 14, ...extra }),
      );
    // America/New_York since the test above: today is 10 August there too.
    await made('Overdue check', '2026-08-03');
    await made('Today check', '2026-08-10', { assigneeId: t.orgB.member.id });
    await made('Soon check', '2026-08-15');
    await made('Later check', '2026-08-22');
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${assetC.id}/events`,
      headers: t.headers.memberB,
      payload: { title: 'Unplanned repair' },
    });
  });

  it('the pending list sorts by due date, tasks without one after, and filters overdue, due soon and mine', async () => {
    const titles = async (query = '', headers = t.headers.memberB) =>
      (await t.app.inject({ url: `/api/tasks/pending${query}`, headers }))
        .json()
        .filter((task: { assetId: string }) => task.assetId === assetC.id)
        .map((task: { title: string; dueState: string }) => `${task.title}: ${task.dueState}`);
    expect(await titles()).toEqual([
      'Overdue check: overdue',
      'Today check: dueToday',
      'Soon check: dueSoon',
      'Later check: none',
      'Unplanned repair: none',
    ]);
    expect(await titles('?due=overdue')).toEqual(['Overdue check: overdue']);
    expect(await titles('?due=soon')).toEqual(['Today check: dueToday', 'Soon check: dueSoon']);
    expect(await titles('?assignee=me')).toEqual(['Today check: dueToday']);
    expect(await titles('?assignee=me', t.headers.adminB)).toEqual([]);
    expect(await titles(`?assignee=${t.orgB.member.id}&due=soon`, t.headers.adminB)).toEqual([
      'Today check: dueToday',
    ]);
    expect(
      (await t.app.inject({ url: '/api/tasks/pending?due=later', headers: t.headers.memberB })).statusCode,
    ).toBe(400);
    // Organization A sees none of them.
    const a = await t.app.inject({
      url: `/api/tasks/pending?assignee=${t.orgB.member.id}`,
      headers: t.headers.memberA,
    });
    expect(a.json()).toEqual([]);
  });

  it('counts overdue and due in the next 7 days for the dashboard', async () => {
    const counts = (await t.app.inject({ url: '/api/tasks/due-counts', headers: t.headers.memberB })).json();
    expect(counts).toMatchObject({ today: '2026-08-10', dueNext7Days: 2 });
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    const analytics = (
      await t.app.inject({ url: '/api/admin/dashboard/analytics', headers: t.headers.adminB })
    ).json();
    expect(analytics.dueTasks).toEqual(counts);
  });

  it('the public page and the asset page show the next service due and whether it is overdue', async () => {
    const publicPage = await t.app.inject({
      url: `/public/orgs/${t.orgB.organization.id}/assets/${assetC.slug}`,
    });
    expect(publicPage.json()).toMatchObject({ nextServiceDue: '2026-08-03', overdue: true });
    expect(publicPage.json().events[0]).toHaveProperty('dueState');
    const detail = (
      await t.app.inject({ url: `/api/assets/${assetC.id}`, headers: t.headers.memberB })
    ).json();
    expect(detail).toMatchObject({ nextServiceDue: '2026-08-03', overdue: true });
    // Without open tasks, the next due date of its schedules; with neither, none.
    const quiet = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Quiet valve' });
    await createScheduleViaApi(t.app, t.headers.adminB, scheduleBody(quiet.id, { startsOn: '2026-12-01' }));
    const quietPage = await t.app.inject({
      url: `/public/orgs/${t.orgB.organization.id}/assets/${quiet.slug}`,
    });
    expect(quietPage.json()).toMatchObject({ nextServiceDue: '2026-12-01', overdue: false });
    const bare = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Bare valve' });
    const barePage = await t.app.inject({
      url: `/public/orgs/${t.orgB.organization.id}/assets/${bare.slug}`,
    });
    expect(barePage.json()).toMatchObject({ nextServiceDue: null, overdue: false });
  });
});

describe('PM compliance', () => {
  it('is the share of the range’s scheduled tasks completed by their due date, overall and per asset', async () => {
    const org = t.orgA.organization.id;
    // The schedules of the tests above stop; their tasks are due before this range.
    await t.db.execute(sql`update schedules set paused_at = now() where organization_id = ${org}`);
    await at('2027-01-01T12:00:00Z');
    const good = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Good pump' });
    const late = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Late pump' });
    const weekly = (assetId: string, title: string) =>
      createScheduleViaApi(
        t.app,
        t.headers.adminA,
        scheduleBody(assetId, {
          title,
          recurrence: { pattern: 'interval', every: 1, unit: 'week' },
          startsOn: '2027-01-04',
        }),
      );
    const goodSchedule = await weekly(good.id, 'Good weekly');
    const lateSchedule = await weekly(late.id, 'Late weekly');
    // Four weeks: the good pump's tasks done on their day, the late pump's two days after (two of them) or never.
    for (const monday of ['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25']) {
      await at(`${monday}T08:00:00Z`);
      const [goodTask] = (await tasksOfSchedule(t.db, goodSchedule.id)).filter(
        (task) => task.dueOn === monday,
      );
      await complete(good.id, goodTask!.id);
    }
    const lateTasks = await tasksOfSchedule(t.db, lateSchedule.id);
    clock.freeze(new Date('2027-01-20T10:00:00Z'));
    await complete(late.id, lateTasks[0]!.id); // due 4 Jan: late
    await complete(late.id, lateTasks[2]!.id); // due 18 Jan: late
    clock.freeze(new Date('2027-01-25T18:00:00Z'));
    await complete(late.id, lateTasks[3]!.id); // due 25 Jan: on time

    clock.freeze(new Date('2027-02-01T12:00:00Z'));
    const analytics = (
      await t.app.inject({ url: '/api/admin/dashboard/analytics?rangeDays=30', headers: t.headers.adminA })
    ).json();
    expect(analytics.pmCompliance).toMatchObject({
      from: '2027-01-02',
      to: '2027-01-31',
      scheduledTasks: 8,
      completedOnTime: 5,
      rate: 5 / 8,
    });
    expect(analytics.pmCompliance.assets).toEqual([
      {
        assetId: late.id,
        assetName: 'Late pump',
        assetSlug: late.slug,
        scheduledTasks: 4,
        completedOnTime: 1,
        rate: 0.25,
      },
      {
        assetId: good.id,
        assetName: 'Good pump',
        assetSlug: good.slug,
        scheduledTasks: 4,
        completedOnTime: 4,
        rate: 1,
      },
    ]);
    // Organization B's figure knows nothing of A's tasks.
    const b = (
      await t.app.inject({ url: '/api/admin/dashboard/analytics?rangeDays=30', headers: t.headers.adminB })
    ).json();
    expect(b.pmCompliance.assets.map((asset: { assetId: string }) => asset.assetId)).not.toContain(late.id);
  });
});
