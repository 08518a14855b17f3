import type { TAssetListItem } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import type { AuthHeaders } from '#server/test/tenant-world.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { DUE_IDS_MAX } from './list-queries.ts';

// The asset list's due filter (ADR 057): today is 10 March 2026 in UTC.
const clock = new SettableClock();
const t = tenantWorld({}, { clock });

const names: Record<string, string> = {};

async function assetWithSchedule(
  name: string,
  schedule: Partial<Parameters<typeof scheduleBody>[1]> | null,
  headers: AuthHeaders = t.headers.adminA,
) {
  const asset = await createAssetViaApi(t.app, headers, { name });
  names[asset.id] = name;
  const created = schedule
    ? await createScheduleViaApi(t.app, headers, scheduleBody(asset.id, schedule))
    : null;
  return { asset, schedule: created };
}

beforeAll(async () => {
  clock.freeze(new Date('2026-03-10T12:00:00Z'));
  // Its task was due on 1 March: overdue.
  await assetWithSchedule('Overdue pump', { startsOn: '2026-03-01' });
  // Due on 14 March, its task appeared 7 days ahead: due soon.
  await assetWithSchedule('Task soon valve', { startsOn: '2026-03-14', leadDays: 7 });
  // Due on 15 March without lead time: no task yet, its schedule's next task is due soon.
  await assetWithSchedule('Planned fan', { startsOn: '2026-03-15' });
  // Due on 20 April: neither.
  await assetWithSchedule('Later boiler', { startsOn: '2026-04-20' });
  // Due on 12 March, but paused: neither.
  const paused = await assetWithSchedule('Paused heater', { startsOn: '2026-03-12' });
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/schedules/${paused.schedule!.id}/pause`,
    headers: t.headers.adminA,
  });
  // Its task due on 1 March is completed: neither (fixed, next due 1 April).
  const done = await assetWithSchedule('Done compressor', { startsOn: '2026-03-01' });
  const [task] = await tasksOfSchedule(t.db, done.schedule!.id);
  const completed = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${done.asset.id}/events/${task!.id}/complete`,
    headers: t.headers.memberA,
  });
  expect(completed.statusCode).toBe(200);
  await assetWithSchedule('Unplanned door', null);
  // Another organization's overdue asset.
  await assetWithSchedule('B overdue', { startsOn: '2026-03-01' }, t.headers.adminB);
});

async function listed(query: string, headers: AuthHeaders = t.headers.memberA) {
  const response = await t.app.inject({ url: `/api/assets?sort=name&${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TAssetListItem[]).map((asset) => asset.name);
}

describe('GET /api/assets?due=', () => {
  it('overdue: assets with an open task due before today', async () => {
    expect(await listed('due=overdue')).toEqual(['Overdue pump']);
  });

  it('soon: an open task or an active schedule’s next task due from today to 7 days ahead', async () => {
    expect(await listed('due=soon')).toEqual(['Planned fan', 'Task soon valve']);
  });

  it('combines with a search, a status and the other filters, and counts what it shows', async () => {
    expect(await listed('due=soon&search=valve')).toEqual(['Task soon valve']);
    expect(await listed('due=soon&openTasks=true')).toEqual(['Task soon valve']);
    expect(await listed('due=overdue&status=retired')).toEqual([]);
    const response = await t.app.inject({ url: '/api/assets?due=soon', headers: t.headers.adminA });
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('never shows another organization’s assets', async () => {
    expect(await listed('due=overdue', t.headers.memberB)).toEqual(['B overdue']);
  });

  it('refuses any other value with a 400', async () => {
    const response = await t.app.inject({ url: '/api/assets?due=late', headers: t.headers.memberA });
    expect(response.statusCode).toBe(400);
  });

  it('follows the clock and the organization’s time zone', async () => {
    // 14 March, 12:00 UTC: the valve's task is due today (still soon), the fan's schedule tomorrow.
    clock.freeze(new Date('2026-03-14T12:00:00Z'));
    expect(await listed('due=overdue')).toEqual(['Overdue pump']);
    expect(await listed('due=soon')).toEqual(['Planned fan', 'Task soon valve']);
    // On Kiritimati (UTC+14) it is already 15 March: the valve's task is overdue.
    const zone = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: t.headers.adminA,
      payload: { timeZone: 'Pacific/Kiritimati' },
    });
    expect(zone.statusCode).toBe(200);
    expect(await listed('due=overdue')).toEqual(['Overdue pump', 'Task soon valve']);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: t.headers.adminA,
      payload: { timeZone: 'UTC' },
    });
    clock.freeze(new Date('2026-03-10T12:00:00Z'));
  });
});

describe('the due filter in the list’s other readers', () => {
  it('exports, and selects for a bulk action, what the filtered list shows', async () => {
    const csv = await t.app.inject({
      url: '/api/exports/assets.csv?due=soon&sort=name',
      headers: t.headers.memberA,
    });
    expect(csv.statusCode).toBe(200);
    const records: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(records.slice(1).map((record) => record[1])).toEqual(['Planned fan', 'Task soon valve']);

    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/schedules/apply',
      headers: t.headers.adminA,
      payload: { ...scheduleBody(''), assetId: undefined, query: { due: 'overdue' }, startsOn: '2026-06-01' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [scheduleId] = applied.json().scheduleIds;
    const schedule = await t.app.inject({ url: `/api/schedules/${scheduleId}`, headers: t.headers.memberA });
    expect(schedule.json().assetName).toBe('Overdue pump');
  });
});

describe('the due filter of a large register', () => {
  it('walks the list and probes each asset when more than 2,000 are due', async () => {
    // An organization of its own: 2,100 assets whose schedules are due tomorrow, and one not due.
    const org = await createOrganization(t.db);
    const member = (await loginAs(t.app, await createUser(t.db, org.id))).headers;
    await t.db.execute(sql`insert into assets (id, organization_id, name, slug, created_at)
      select gen_random_uuid(), ${org.id}::uuid, 'Crane ' || i, 'crane-' || i,
        timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${DUE_IDS_MAX + 100}) as i`);
    await t.db.execute(sql`insert into schedules (id, organization_id, asset_id, title, recurrence, rrule,
        mode, starts_on, next_due_on)
      select gen_random_uuid(), a.organization_id, a.id, 'Load test', '{"pattern":"interval","every":1,"unit":"year"}',
        'FREQ=YEARLY;INTERVAL=1;BYMONTH=3;BYMONTHDAY=11', 'fixed', '2026-03-11', '2026-03-11'
      from assets a where a.organization_id = ${org.id}::uuid`);
    await createAssetViaApi(
      t.app,
      (await loginAs(t.app, await createUser(t.db, org.id, { isAdmin: true }))).headers,
      {
        name: 'Crane not due',
      },
    );
    const page = await t.app.inject({ url: '/api/assets?due=soon&pageSize=3', headers: member });
    expect(page.json().map((asset: TAssetListItem) => asset.name)).toEqual([
      'Crane 2100',
      'Crane 2099',
      'Crane 2098',
    ]);
    expect(page.headers['x-total-count-capped']).toBe('true');
    const searched = await listed('due=soon&search=crane 210', member);
    expect(searched).toEqual(['Crane 210', 'Crane 2100']);
    expect(await listed('due=soon&search=not due', member)).toEqual([]);
    expect(await listed('due=overdue', member)).toEqual([]);
  });
});
