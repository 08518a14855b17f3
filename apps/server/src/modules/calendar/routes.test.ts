import {
  CALENDAR_MESSAGES,
  priorityRank,
  type TAgenda,
  type TCalendarDays,
  type TCalendarItem,
  type TSchedule,
} from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createUser } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from '../schedules/index.ts';

// The calendar API (docs/product/calendar.md): days and agenda of scheduled and due work.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

/** Moves the clock and runs the engine, as its job does every minute. */
async function at(iso: string) {
  clock.freeze(new Date(iso));
  await runScheduleEngine(t.db, clock);
}

async function days(headers: AuthHeaders, query: string): Promise<TCalendarDays> {
  const response = await t.app.inject({ url: `/api/calendar/days?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function agenda(headers: AuthHeaders, query: string): Promise<TAgenda> {
  const response = await t.app.inject({ url: `/api/calendar/agenda?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every item of an agenda range, page after page. */
async function wholeAgenda(headers: AuthHeaders, query: string, limit: number) {
  const pages: TCalendarItem[][] = [];
  let after: string | null = null;
  do {
    const page: TAgenda = await agenda(
      headers,
      `${query}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    pages.push(page.items);
    after = page.nextAfter;
  } while (after && pages.length < 100);
  return pages;
}

/** A day's items as "date kind title @ asset". */
const lines = (calendar: TCalendarDays) =>
  calendar.days.flatMap((day) =>
    day.items.map((item) => `${day.date} ${item.kind} ${item.title} @ ${item.assetName}`),
  );

let pump: { id: string; slug: string };
let boiler: { id: string; slug: string };
let monthly: TSchedule;
let weekly: TSchedule;
let floating: TSchedule;

beforeAll(async () => {
  // Monday 2 March 2026, in UTC (the organizations' time zone).
  clock.freeze(new Date('2026-03-02T09:00:00Z'));
  const admin = t.headers.adminA;
  pump = await createAssetViaApi(t.app, admin, { name: 'Pump 1' });
  boiler = await createAssetViaApi(t.app, admin, { name: 'Boiler' });
  monthly = await createScheduleViaApi(
    t.app,
    admin,
    scheduleBody(pump.id, {
      title: 'Monthly inspection',
      startsOn: '2026-03-10',
      leadDays: 3,
      assigneeId: t.orgA.member.id,
    }),
  );
  // Due today: its task is created at once.
  weekly = await createScheduleViaApi(
    t.app,
    admin,
    scheduleBody(boiler.id, {
      title: 'Weekly walk-round',
      recurrence: { pattern: 'weekdays', every: 1, weekdays: ['MO'] },
      startsOn: '2026-03-02',
      priority: 'high',
    }),
  );
  floating = await createScheduleViaApi(
    t.app,
    admin,
    scheduleBody(pump.id, {
      title: 'Service',
      mode: 'floating',
      recurrence: { pattern: 'interval', every: 3, unit: 'month' },
      startsOn: '2026-03-20',
      assigneeId: t.orgA.admin.id,
    }),
  );
  // A paused schedule and a retired asset's schedule: neither is on the calendar.
  const paused = await createScheduleViaApi(
    t.app,
    admin,
    scheduleBody(boiler.id, { title: 'Paused check', startsOn: '2026-03-12' }),
  );
  await t.app.inject({ method: 'POST', url: `/api/admin/schedules/${paused.id}/pause`, headers: admin });
  const retired = await createAssetViaApi(t.app, admin, { name: 'Old compressor' });
  await createScheduleViaApi(
    t.app,
    admin,
    scheduleBody(retired.id, { title: 'Compressor check', startsOn: '2026-03-11' }),
  );
  const retire = await t.app.inject({
    method: 'POST',
    url: `/api/admin/assets/${retired.id}/retire`,
    headers: admin,
  });
  expect(retire.statusCode, retire.body).toBe(200);
  // Organization B's work, on the same days.
  const other = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B pump' });
  await createScheduleViaApi(
    t.app,
    t.headers.adminB,
    scheduleBody(other.id, { title: 'B inspection', startsOn: '2026-03-10' }),
  );
  // A task recorded by hand has no due date: it is not on the calendar.
  await t.app.inject({
    method: 'POST',
    url: `/api/assets/${pump.id}/events`,
    headers: admin,
    payload: { title: 'Unplanned fix', startTask: true },
  });
});

describe('the month and week views', () => {
  it('shows the tasks and the planned occurrences of the range, each day counted, with due states', async () => {
    const calendar = await days(t.headers.memberA, 'from=2026-03-02&to=2026-03-22');
    expect(calendar).toMatchObject({ today: '2026-03-02', from: '2026-03-02', to: '2026-03-22' });
    expect(lines(calendar)).toEqual([
      '2026-03-02 task Weekly walk-round @ Boiler',
      '2026-03-09 planned Weekly walk-round @ Boiler',
      '2026-03-10 planned Monthly inspection @ Pump 1',
      '2026-03-16 planned Weekly walk-round @ Boiler',
      '2026-03-20 planned Service @ Pump 1',
    ]);
    expect(calendar.days.map((day) => day.total)).toEqual([1, 1, 1, 1, 1]);
    const [today, nextMonday, inspection] = calendar.days.map((day) => day.items[0]!);
    expect(today).toMatchObject({
      kind: 'task',
      scheduleId: weekly.id,
      taskStatus: 'Pending',
      // The task's priority, from its schedule; the planned occurrences show the schedule's.
      priority: 'high',
      dueState: 'dueToday',
      assetId: boiler.id,
      assetSlug: boiler.slug,
      assigneeId: null,
    });
    expect(today!.eventId).toBe(today!.key);
    expect(nextMonday).toMatchObject({
      kind: 'planned',
      eventId: null,
      taskStatus: null,
      priority: 'high',
      dueState: 'dueSoon',
    });
    expect(calendar.days[4]?.items[0]?.scheduleId).toBe(floating.id);
    expect(inspection).toMatchObject({
      key: `${monthly.id}:2026-03-10`,
      assigneeId: t.orgA.member.id,
      assigneeName: t.orgA.member.displayName,
      priority: 'normal',
      dueState: 'none',
    });
  });

  it('projects a fixed schedule across the range and a floating one only to its next due date', async () => {
    const calendar = await days(t.headers.adminA, 'from=2026-04-01&to=2026-05-12');
    expect(lines(calendar)).toEqual([
      '2026-04-06 planned Weekly walk-round @ Boiler',
      '2026-04-10 planned Monthly inspection @ Pump 1',
      '2026-04-13 planned Weekly walk-round @ Boiler',
      '2026-04-20 planned Weekly walk-round @ Boiler',
      '2026-04-27 planned Weekly walk-round @ Boiler',
      '2026-05-04 planned Weekly walk-round @ Boiler',
      '2026-05-10 planned Monthly inspection @ Pump 1',
      '2026-05-11 planned Weekly walk-round @ Boiler',
    ]);
  });

  it('never shows a planned occurrence before today', async () => {
    const calendar = await days(t.headers.adminA, 'from=2026-02-01&to=2026-03-01');
    expect(calendar.days).toEqual([]);
  });

  it('narrows to my work, a user’s, or the unassigned', async () => {
    const range = 'from=2026-03-02&to=2026-03-22';
    expect(lines(await days(t.headers.memberA, `${range}&assignee=me`))).toEqual([
      '2026-03-10 planned Monthly inspection @ Pump 1',
    ]);
    expect(lines(await days(t.headers.memberA, `${range}&assignee=${t.orgA.admin.id}`))).toEqual([
      '2026-03-20 planned Service @ Pump 1',
    ]);
    expect(lines(await days(t.headers.adminA, `${range}&assignee=${t.orgA.admin.id.toUpperCase()}`))).toEqual(
      ['2026-03-20 planned Service @ Pump 1'],
    );
    expect(lines(await days(t.headers.memberA, `${range}&assignee=unassigned`))).toEqual([
      '2026-03-02 task Weekly walk-round @ Boiler',
      '2026-03-09 planned Weekly walk-round @ Boiler',
      '2026-03-16 planned Weekly walk-round @ Boiler',
    ]);
  });

  it('answers members and administrators alike: the organization’s calendar', async () => {
    const range = 'from=2026-03-02&to=2026-04-12';
    expect(await days(t.headers.memberA, range)).toEqual(await days(t.headers.adminA, range));
  });

  it('refuses a range backwards, longer than 42 days, or not of dates, and an unknown filter', async () => {
    for (const [query, message] of [
      ['from=2026-03-10&to=2026-03-09', CALENDAR_MESSAGES.toBeforeFrom],
      ['from=2026-03-01&to=2026-04-12', CALENDAR_MESSAGES.tooManyDays],
      ['from=2026-02-30&to=2026-03-09', CALENDAR_MESSAGES.date],
      ['from=2026-03-01&to=2026-03-09&assignee=someone', CALENDAR_MESSAGES.assignee],
    ] as const) {
      const response = await t.app.inject({ url: `/api/calendar/days?${query}`, headers: t.headers.memberA });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields.map((field: { message: string }) => field.message)).toContain(message);
    }
    const perDay = await t.app.inject({
      url: '/api/calendar/days?from=2026-03-01&to=2026-03-02&perDay=51',
      headers: t.headers.memberA,
    });
    expect(perDay.statusCode).toBe(400);
    const unsigned = await t.app.inject({ url: '/api/calendar/days?from=2026-03-01&to=2026-03-02' });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('two organizations', () => {
  it('never shows a user of organization B the work of organization A', async () => {
    const calendar = await days(t.headers.memberB, 'from=2026-03-02&to=2026-04-12');
    expect(lines(calendar)).toEqual([
      '2026-03-10 planned B inspection @ B pump',
      '2026-04-10 planned B inspection @ B pump',
    ]);
    const agendaB = await agenda(t.headers.adminB, 'from=2026-03-02&to=2026-04-12');
    expect(agendaB.items.map((item) => item.title)).toEqual(['B inspection', 'B inspection']);
  });

  it('answers 404 for a user of another organization as the assignee', async () => {
    for (const url of [
      `/api/calendar/days?from=2026-03-02&to=2026-03-22&assignee=${t.orgA.member.id}`,
      `/api/calendar/agenda?from=2026-03-02&to=2026-03-22&assignee=${t.orgA.member.id}`,
    ]) {
      const response = await t.app.inject({ url, headers: t.headers.memberB });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found.');
    }
  });

  it('lists only the organization’s active users as assignees, by name', async () => {
    const inactive = await createUser(t.db, t.orgA.organization.id, {
      displayName: 'Zed Gone',
      isActive: false,
    });
    const response = await t.app.inject({ url: '/api/calendar/assignees', headers: t.headers.memberA });
    const people: { id: string; displayName: string }[] = response.json();
    const ids = people.map((person) => person.id);
    expect(ids).toContain(t.orgA.member.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(t.orgB.member.id);
    const names = people.map((person) => person.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('when an occurrence becomes a task', () => {
  it('shows it once, as the task; completed, it stays with its status', async () => {
    await at('2026-03-07T09:00:00Z');
    const [task] = await tasksOfSchedule(t.db, monthly.id);
    expect(task?.dueOn).toBe('2026-03-10');
    const calendar = await days(t.headers.memberA, 'from=2026-03-09&to=2026-04-12');
    const inspections = calendar.days
      .flatMap((day) => day.items)
      .filter((item) => item.scheduleId === monthly.id);
    expect(inspections.map((item) => `${item.date} ${item.kind}`)).toEqual([
      '2026-03-10 task',
      '2026-04-10 planned',
    ]);
    expect(inspections[0]).toMatchObject({ eventId: task!.id, dueState: 'dueSoon', taskStatus: 'Pending' });
    expect(calendar.days.find((day) => day.date === '2026-03-10')?.total).toBe(1);

    await at('2026-03-11T09:00:00Z');
    const overdue = await days(t.headers.memberA, 'from=2026-03-10&to=2026-03-10');
    expect(overdue.days[0]?.items[0]).toMatchObject({ kind: 'task', dueState: 'overdue' });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${pump.id}/events/${task!.id}/complete`,
      headers: t.headers.memberA,
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = await days(t.headers.memberA, 'from=2026-03-10&to=2026-03-10');
    expect(completed.days[0]?.items).toEqual([
      expect.objectContaining({ kind: 'task', taskStatus: 'Completed', dueState: 'none' }),
    ]);
  });
});

describe('a busy day', () => {
  let manyIds: string[];

  beforeAll(async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createAssetViaApi(t.app, t.headers.adminA, {
          name: `Extinguisher ${String(i + 1).padStart(2, '0')}`,
        }),
      ),
    );
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/admin/schedules/apply',
      headers: t.headers.adminA,
      payload: {
        title: 'Yearly extinguisher check',
        recurrence: { pattern: 'interval', every: 1, unit: 'year' },
        startsOn: '2026-03-25',
        assetIds: made.map((asset) => asset.id),
      },
    });
    expect(apply.statusCode, apply.body).toBe(201);
    manyIds = made.map((asset) => asset.id);
    // Three of them already have their task: tasks come first on the day, the most urgent first.
    const hoseChecks = await Promise.all(
      (
        [
          [3, 'low'],
          [7, 'normal'],
          [9, 'low'],
        ] as const
      ).map(([index, priority]) =>
        createScheduleViaApi(
          t.app,
          t.headers.adminA,
          scheduleBody(manyIds[index]!, {
            title: 'Hose check',
            startsOn: '2026-03-25',
            leadDays: 14,
            priority,
          }),
        ),
      ),
    );
    // One of the low ones is raised to urgent on the task.
    const [task] = await tasksOfSchedule(t.db, hoseChecks[2]!.id);
    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/assets/${manyIds[9]}/events/${task!.id}`,
      headers: t.headers.adminA,
      payload: { title: 'Hose check', priority: 'urgent' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    // Planned occurrences of a high and a low schedule among the normal ones.
    await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(manyIds[11]!, { title: 'Pressure check', startsOn: '2026-03-25', priority: 'high' }),
    );
    await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(manyIds[0]!, { title: 'Label check', startsOn: '2026-03-25', priority: 'low' }),
    );
  });

  it('lists its first items, tasks first, each by priority, and counts them all', async () => {
    const calendar = await days(t.headers.memberA, 'from=2026-03-25&to=2026-03-25&perDay=5');
    const [day] = calendar.days;
    expect(day?.total).toBe(17);
    expect(day?.items.map((item) => `${item.kind} ${item.priority} ${item.title}`)).toEqual([
      'task urgent Hose check',
      'task normal Hose check',
      'task low Hose check',
      'planned high Pressure check',
      'planned normal Yearly extinguisher check',
    ]);
    expect(new Set(day?.items.map((item) => item.key)).size).toBe(5);
    // The rest of the day: the normal ones by asset, the low one last.
    const all = await days(t.headers.memberA, 'from=2026-03-25&to=2026-03-25&perDay=50');
    const planned = all.days[0]!.items.filter((item) => item.kind === 'planned');
    expect(planned.map((item) => item.priority)).toEqual(['high', ...Array(12).fill('normal'), 'low']);
    const normal = planned.filter((item) => item.priority === 'normal').map((item) => item.assetId);
    expect(normal).toEqual([...normal].sort());
  });

  it('pages the agenda through every item once, in order, whatever the page size', async () => {
    const range = 'from=2026-03-11&to=2026-04-21';
    const [whole] = await wholeAgenda(t.headers.memberA, range, 200);
    const keys = whole!.map((item) => `${item.date}|${item.kind}|${item.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    const sorted = [...whole!].sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.kind === b.kind ? 0 : a.kind === 'task' ? -1 : 1) ||
        priorityRank(b.priority) - priorityRank(a.priority) ||
        (a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0),
    );
    expect(whole).toEqual(sorted);
    expect(whole!.filter((item) => item.date === '2026-03-25')).toHaveLength(17);
    for (const size of [1, 3, 5, 13]) {
      const pages = await wholeAgenda(t.headers.memberA, range, size);
      expect(pages.flat(), `pages of ${size}`).toEqual(whole);
      expect(pages.every((page) => page.length === size || page === pages.at(-1))).toBe(true);
    }
    // The days view with room for every item lists the same, in the same order.
    const all = await days(t.headers.memberA, `${range}&perDay=50`);
    expect(all.days.flatMap((day) => day.items)).toEqual(whole);
  });

  it('refuses a page position that is not one', async () => {
    const response = await t.app.inject({
      url: '/api/calendar/agenda?from=2026-03-11&to=2026-04-21&after=2026-03-25.task.x.y',
      headers: t.headers.memberA,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toBe(CALENDAR_MESSAGES.after);
  });
});

describe('a deactivated assignee', () => {
  it('keeps their work on the calendar under their name', async () => {
    const leaver = await createUser(t.db, t.orgA.organization.id, { displayName: 'Leaver' });
    await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(pump.id, { title: 'Leaver check', startsOn: '2026-04-02', assigneeId: leaver.id }),
    );
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${leaver.id}`,
      headers: t.headers.adminA,
      payload: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const calendar = await days(t.headers.memberA, `from=2026-04-01&to=2026-04-03&assignee=${leaver.id}`);
    expect(calendar.days[0]?.items[0]).toMatchObject({ title: 'Leaver check', assigneeName: 'Leaver' });
  });
});
