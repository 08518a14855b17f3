import type { TCalendarFeed, TCalendarFeedCreated } from '@mqr/contracts';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '#server/lib/clock.ts';
import { PUBLIC_RATE_LIMIT_MESSAGE } from '#server/plugins/public-pages.ts';
import { auditEntriesOf, createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { loginAs } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from '../schedules/index.ts';

// The ICS feed (docs/product/calendar.md#subscribe-from-a-calendar-app), parsed as a calendar app
// would with node-ical.

const RATE_LIMIT = 60;
const clock = new SettableClock();
const t = tenantWorld({ publicRateLimitPerMinute: RATE_LIMIT }, { clock });

async function at(iso: string) {
  clock.freeze(new Date(iso));
  await runScheduleEngine(t.db, clock);
}

async function createFeed(headers: AuthHeaders): Promise<TCalendarFeedCreated> {
  const response = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function feedStatus(headers: AuthHeaders): Promise<TCalendarFeed> {
  return (await t.app.inject({ url: '/api/calendar/feed', headers })).json();
}

/** The path of a feed address, as a calendar app fetches it (without signing in). */
const pathOf = (url: string) => new URL(url).pathname;

const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: pathOf(url), headers, remoteAddress: '192.0.2.10' });

/** The feed's events as "date summary", by date, and the parsed events. */
async function eventsOf(url: string) {
  const response = await fetchFeed(url);
  expect(response.statusCode, response.body).toBe(200);
  const events = Object.values(ical.sync.parseICS(response.body)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
  const dateOf = (event: VEvent) => {
    const start = event.start;
    // A DATE value: node-ical gives the local midnight of that day.
    return `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
  };
  const lines = events
    .map((event) => `${dateOf(event)} ${String(event.summary)}`)
    .sort((a, b) => (a < b ? -1 : 1));
  return { response, events, lines, dateOf };
}

let pump: { id: string };
let boiler: { id: string };
let monthly: { id: string };
let weekly: { id: string };

beforeAll(async () => {
  // 20:00 UTC on Sunday 1 March is 09:00 on Monday 2 March in Auckland: today is the 2nd.
  clock.freeze(new Date('2026-03-01T20:00:00Z'));
  const zone = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/organization/settings',
    headers: t.headers.adminA,
    payload: { timeZone: 'Pacific/Auckland' },
  });
  expect(zone.statusCode, zone.body).toBe(200);
  pump = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pump 1' });
  boiler = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler' });
  const member = t.orgA.member.id;
  monthly = await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(pump.id, {
      title: 'Monthly inspection',
      startsOn: '2026-03-10',
      leadDays: 3,
      assigneeId: member,
    }),
  );
  weekly = await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(boiler.id, {
      title: 'Weekly walk-round',
      recurrence: { pattern: 'weekdays', every: 1, weekdays: ['MO'] },
      startsOn: '2026-03-02',
      assigneeId: member,
      priority: 'high',
    }),
  );
  // Not the member's: the administrator's, and nobody's.
  await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(pump.id, { title: 'Admin check', startsOn: '2026-03-05', assigneeId: t.orgA.admin.id }),
  );
  await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(boiler.id, { title: 'Anyone', startsOn: '2026-03-06' }),
  );
});

/** The weekly walk-round's Mondays from 2 March over the 90 days of the feed (to 30 May). */
const MONDAYS = [
  '03-02',
  '03-09',
  '03-16',
  '03-23',
  '03-30',
  '04-06',
  '04-13',
  '04-20',
  '04-27',
  '05-04',
  '05-11',
  '05-18',
  '05-25',
];

describe('a user’s feed', () => {
  let url: string;

  it('is created on request, shown once, and audited without its token', async () => {
    expect(await feedStatus(t.headers.memberA)).toEqual({ active: false, createdAt: null });
    const created = await createFeed(t.headers.memberA);
    url = created.url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created.createdAt).toBe('2026-03-01T20:00:00.000Z');
    expect(await feedStatus(t.headers.memberA)).toEqual({ active: true, createdAt: created.createdAt });
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, t.orgA.member.id);
    expect(entry).toMatchObject({ action: 'UPDATE', entityType: 'AppUser', entityName: t.orgA.member.email });
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { calendarFeed: { from: null, to: '[created]' } },
    });
    expect(entry!.changes).not.toContain(pathOf(url).split('/').pop()!.replace('.ics', ''));
  });

  it('holds the user’s open tasks and planned occurrences of 90 days, as all-day events in the organization’s dates', async () => {
    const { response, events, lines } = await eventsOf(url);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(lines).toEqual(
      [
        ...MONDAYS.map((day) => `2026-${day} Weekly walk-round · Boiler`),
        ...['03-10', '04-10', '05-10'].map((day) => `2026-${day} Monthly inspection · Pump 1`),
      ].sort(),
    );
    expect(events.every((event) => event.datetype === 'date')).toBe(true);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    const first = events.find((event) => event.uid === `schedule-${weekly.id}-2026-03-02@localhost`);
    expect(first?.description).toBe('Pending');
    expect((first!.url as unknown as { val: string }).val).toBe(`http://localhost:3000/assets/${boiler.id}`);
    expect(
      events.find((event) => event.uid === `schedule-${monthly.id}-2026-03-10@localhost`)?.description,
    ).toBe('Planned');
    expect(response.body).toContain('X-WR-TIMEZONE:Pacific/Auckland');
    // The weekly one is high (iCalendar's 3), the monthly one normal (5).
    expect(response.body.match(/^PRIORITY:3\r?$/gm)).toHaveLength(MONDAYS.length);
    expect(response.body.match(/^PRIORITY:5\r?$/gm)).toHaveLength(3);
  });

  it('is the same file while nothing changes (304 to a repeat fetch), and keeps an occurrence’s UID when it becomes a task', async () => {
    const first = await fetchFeed(url);
    const again = await fetchFeed(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);

    await at('2026-03-06T20:00:00Z'); // 7 March in Auckland: the inspection of the 10th appears.
    const [task] = await tasksOfSchedule(t.db, monthly.id);
    expect(task?.dueOn).toBe('2026-03-10');
    const { events } = await eventsOf(url);
    const inspection = events.filter((event) => String(event.summary).startsWith('Monthly inspection'));
    expect(inspection.map((event) => [event.uid, event.description])).toEqual([
      [`schedule-${monthly.id}-2026-03-10@localhost`, 'Pending'],
      [`schedule-${monthly.id}-2026-04-10@localhost`, 'Planned'],
      [`schedule-${monthly.id}-2026-05-10@localhost`, 'Planned'],
    ]);
  });

  it('drops a task once completed', async () => {
    const [task] = await tasksOfSchedule(t.db, weekly.id);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${boiler.id}/events/${task!.id}/complete`,
      headers: t.headers.memberA,
    });
    expect(done.statusCode, done.body).toBe(200);
    const { events } = await eventsOf(url);
    expect(events.map((event) => event.uid)).not.toContain(`schedule-${weekly.id}-2026-03-02@localhost`);
  });

  it('stops its old address at once when regenerated', async () => {
    const renewed = await createFeed(t.headers.memberA);
    expect(renewed.url).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(200);
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, t.orgA.member.id);
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { calendarFeed: { from: '[hidden]', to: '[regenerated]' } },
    });
    url = renewed.url;
  });

  it('stops for good when its user is deactivated', async () => {
    const setActive = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${t.orgA.member.id}`,
        headers: t.headers.adminA,
        payload: { isActive },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    const stopped = await fetchFeed(url);
    expect(stopped.statusCode).toBe(404);
    expect(stopped.json().message).toBe('Calendar feed not found.');
    // Active again (and signed in again: deactivation ended the member's sessions), the address
    // stays stopped, like the sessions; a new one works (ADR 084).
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    t.headers.memberA = (await loginAs(t.app, t.orgA.member)).headers;
    expect(await feedStatus(t.headers.memberA)).toEqual({ active: false, createdAt: null });
    url = (await createFeed(t.headers.memberA)).url;
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('stops when its user stops it; stopping again writes nothing', async () => {
    const before = (await auditEntriesOf(t.db, t.orgA.organization.id, t.orgA.member.id)).length;
    const stop = () =>
      t.app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: t.headers.memberA });
    expect((await stop()).statusCode).toBe(204);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect(await feedStatus(t.headers.memberA)).toEqual({ active: false, createdAt: null });
    expect((await stop()).statusCode).toBe(204);
    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, t.orgA.member.id);
    expect(entries).toHaveLength(before + 1);
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: { calendarFeed: { from: '[hidden]', to: null } },
    });
  });
});

describe('feeds of other people', () => {
  it('each hold their own user’s work only, organization B’s included', async () => {
    const adminFeed = await createFeed(t.headers.adminA);
    expect((await eventsOf(adminFeed.url)).lines).toEqual([
      '2026-03-05 Admin check · Pump 1',
      '2026-04-05 Admin check · Pump 1',
      '2026-05-05 Admin check · Pump 1',
    ]);
    const other = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B pump' });
    await createScheduleViaApi(
      t.app,
      t.headers.adminB,
      scheduleBody(other.id, { title: 'B check', startsOn: '2026-03-20', assigneeId: t.orgB.member.id }),
    );
    const feedB = await createFeed(t.headers.memberB);
    expect((await eventsOf(feedB.url)).lines).toEqual([
      '2026-03-20 B check · B pump',
      '2026-04-20 B check · B pump',
      '2026-05-20 B check · B pump',
    ]);
  });

  it('answers 404 to an address that is not a feed’s', async () => {
    for (const file of [
      `${'A'.repeat(43)}.ics`,
      'x.ics',
      `${'A'.repeat(43)}.txt`,
      'not a token',
      `${'A'.repeat(43)}.ics.ics`,
    ]) {
      const response = await t.app.inject({
        url: `/public/calendar/${encodeURIComponent(file)}`,
        remoteAddress: '192.0.2.11',
      });
      expect(response.statusCode, file).toBe(404);
    }
  });

  it('is limited per address like the public pages', async () => {
    const feed = await createFeed(t.headers.adminB);
    const from = (remoteAddress: string) => t.app.inject({ url: pathOf(feed.url), remoteAddress });
    for (let n = 0; n < RATE_LIMIT; n++) await from('203.0.113.7');
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(PUBLIC_RATE_LIMIT_MESSAGE);
    expect((await from('198.51.100.7')).statusCode).toBe(200);
  });

  it('needs sign-in to manage', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/calendar/feed' })).statusCode).toBe(401);
    }
  });
});
