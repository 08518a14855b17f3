import {
  ASSET_SELECTION_MESSAGES,
  SCHEDULE_APPLY_MAX_ASSETS,
  SCHEDULE_MESSAGES,
  type TSchedule,
} from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, fieldDefinitions, schedules, users } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { auditEntriesOf, createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from './engine.ts';

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

let assetA: { id: string; slug: string };
let assetB: { id: string };

beforeAll(async () => {
  clock.freeze(new Date('2026-01-15T12:00:00Z'));
  assetA = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Fire extinguisher 1' });
  assetB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'B boiler' });
});

const post = (url: string, headers: { authorization: string }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('creating a schedule', () => {
  it('answers the schedule with its rule, next due date and upcoming dates, and audits it', async () => {
    const response = await post(
      '/api/admin/schedules',
      t.headers.adminA,
      scheduleBody(assetA.id, { startsOn: '2026-02-01', leadDays: 7, notes: 'Check the pressure gauge.' }),
    );
    expect(response.statusCode).toBe(201);
    const schedule: TSchedule = response.json();
    expect(schedule).toMatchObject({
      assetId: assetA.id,
      assetName: 'Fire extinguisher 1',
      assetSlug: assetA.slug,
      title: 'Monthly inspection',
      notes: 'Check the pressure gauge.',
      recurrence: { pattern: 'interval', every: 1, unit: 'month' },
      rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1',
      mode: 'fixed',
      leadDays: 7,
      assigneeId: null,
      startsOn: '2026-02-01',
      endsOn: null,
      status: 'active',
      nextDueOn: '2026-02-01',
      upcoming: ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'],
    });
    // Due on 1 February, it appears 7 days before: not yet on 15 January.
    expect(await tasksOfSchedule(t.db, schedule.id)).toEqual([]);
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, schedule.id);
    expect(entry).toMatchObject({
      action: 'CREATE',
      entityType: 'Schedule',
      entityName: 'Monthly inspection',
    });
    expect(JSON.parse(entry!.changes!)).toMatchObject({ created: true, assetId: assetA.id, leadDays: 7 });
  });

  it('creates the task already due at once, with the schedule’s title, notes, assignee and default values', async () => {
    const field = await insertField(t.db, t.orgA.organization.id, {
      target: 'MaintenanceEvent',
      label: 'Pressure checked',
      dataType: 'Boolean',
    });
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(assetA.id, {
        title: 'Weekly walk-round',
        notes: 'Look for leaks.',
        recurrence: { pattern: 'weekdays', every: 1, weekdays: ['TH'] },
        startsOn: '2026-01-01',
        assigneeId: t.orgA.member.id,
        fields: [{ fieldId: field.id, value: 'true' }],
      }),
    );
    expect(schedule.assigneeName).toBe(t.orgA.member.displayName);
    expect(schedule.fields).toEqual([{ fieldId: field.id, label: 'Pressure checked', value: 'true' }]);
    // Thursdays since 1 January: one task, the latest (15 January), not one per missed week.
    expect((await tasksOfSchedule(t.db, schedule.id)).map((task) => task.dueOn)).toEqual(['2026-01-15']);
    expect(schedule.nextDueOn).toBe('2026-01-22');
    const asset = (
      await t.app.inject({ url: `/api/assets/${assetA.id}`, headers: t.headers.memberA })
    ).json();
    const task = asset.events.find((event: { scheduleId: string }) => event.scheduleId === schedule.id);
    expect(task).toMatchObject({
      title: 'Weekly walk-round',
      notes: 'Look for leaks.',
      taskStatus: 'Pending',
      dueOn: '2026-01-15',
      dueState: 'dueToday',
      assigneeId: t.orgA.member.id,
      assigneeName: t.orgA.member.displayName,
      fields: [{ fieldId: field.id, label: 'Pressure checked', value: 'true' }],
    });
  });

  it('refuses a schedule that never falls due, ends before it starts, or whose lead time is too long', async () => {
    const refusals: [object, string, string][] = [
      [
        {
          recurrence: { pattern: 'weekdays', every: 1, weekdays: ['FR'] },
          startsOn: '2026-01-05',
          endsOn: '2026-01-08',
        },
        'recurrence',
        SCHEDULE_MESSAGES.noOccurrence,
      ],
      [{ startsOn: '2026-03-01', endsOn: '2026-02-01' }, 'endsOn', SCHEDULE_MESSAGES.endBeforeStart],
      [
        { recurrence: { pattern: 'interval', every: 2, unit: 'week' }, leadDays: 15 },
        'leadDays',
        SCHEDULE_MESSAGES.leadTooLong(14),
      ],
      [
        { recurrence: { pattern: 'lastDayOfMonth', every: 1 }, leadDays: 29 },
        'leadDays',
        SCHEDULE_MESSAGES.leadTooLong(28),
      ],
      [
        { mode: 'floating', recurrence: { pattern: 'weekdays', every: 1, weekdays: ['MO'] } },
        'mode',
        SCHEDULE_MESSAGES.floatingPattern,
      ],
      [{ assigneeId: t.orgB.member.id }, 'assigneeId', SCHEDULE_MESSAGES.unknownAssignee],
      [{ startsOn: '2026-02-30' }, 'startsOn', SCHEDULE_MESSAGES.date],
      [
        { recurrence: { pattern: 'monthDay', every: 1, day: 32 } },
        'recurrence.day',
        SCHEDULE_MESSAGES.monthDay,
      ],
      [
        { recurrence: { pattern: 'interval', every: 0, unit: 'day' } },
        'recurrence.every',
        SCHEDULE_MESSAGES.every,
      ],
      [{ title: '  ' }, 'title', SCHEDULE_MESSAGES.titleRequired],
    ];
    const before = await t.db.select().from(schedules);
    for (const [overrides, path, message] of refusals) {
      const response = await post(
        '/api/admin/schedules',
        t.headers.adminA,
        scheduleBody(assetA.id, overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(pathsAndMessages(response.json().fields), JSON.stringify(overrides)).toContainEqual({
        path,
        message,
      });
    }
    expect(await t.db.select().from(schedules)).toHaveLength(before.length);
  });

  it('checks the default values as the event form does, and refuses an inactive assignee', async () => {
    const required = await insertField(t.db, t.orgA.organization.id, {
      target: 'MaintenanceEvent',
      label: 'Inspector',
      dataType: 'Text',
      isRequired: true,
    });
    const missing = await post('/api/admin/schedules', t.headers.adminA, scheduleBody(assetA.id));
    expect(missing.statusCode).toBe(400);
    expect(pathsAndMessages(missing.json().fields)).toContainEqual({
      path: `fields.${required.id}`,
      message: 'Inspector is required.',
    });
    const assetField = await insertField(t.db, t.orgA.organization.id, { target: 'Asset' });
    const wrongTarget = await post(
      '/api/admin/schedules',
      t.headers.adminA,
      scheduleBody(assetA.id, {
        fields: [
          { fieldId: assetField.id, value: 'x' },
          { fieldId: required.id, value: 'Kim' },
        ],
      }),
    );
    expect(wrongTarget.statusCode).toBe(400);
    expect(wrongTarget.json().fields[0].path).toBe(`fields.${assetField.id}`);
    const gone = await createUser(t.db, t.orgA.organization.id, { isActive: false });
    const inactive = await post(
      '/api/admin/schedules',
      t.headers.adminA,
      scheduleBody(assetA.id, { assigneeId: gone.id, fields: [{ fieldId: required.id, value: 'Kim' }] }),
    );
    expect(inactive.statusCode).toBe(400);
    await t.db.delete(users).where(eq(users.id, gone.id));
    // Later tests create schedules without it.
    await t.db.update(fieldDefinitions).set({ isActive: false }).where(eq(fieldDefinitions.id, required.id));
  });

  it('answers 404 for another organization’s asset and 409 for a retired one', async () => {
    const other = await post('/api/admin/schedules', t.headers.adminA, scheduleBody(assetB.id));
    expect(other.statusCode).toBe(404);
    const retired = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Old pump' });
    await post(`/api/admin/assets/${retired.id}/retire`, t.headers.adminA);
    const refused = await post('/api/admin/schedules', t.headers.adminA, scheduleBody(retired.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCHEDULE_MESSAGES.assetRetired);
  });
});

describe('who may do what', () => {
  let schedule: TSchedule;
  beforeAll(async () => {
    schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(assetA.id, { title: 'Access check' }),
    );
  });

  it('members and administrators read; members get 403 on every change, before the body is read', async () => {
    for (const headers of [t.headers.memberA, t.headers.adminA]) {
      expect((await t.app.inject({ url: `/api/schedules/${schedule.id}`, headers })).statusCode).toBe(200);
      const list = await t.app.inject({ url: `/api/schedules?assetId=${assetA.id}`, headers });
      expect(list.json().map((s: TSchedule) => s.id)).toContain(schedule.id);
    }
    const member = t.headers.memberA;
    const changes = [
      post('/api/admin/schedules', member, scheduleBody(assetA.id)),
      post('/api/admin/schedules/apply', member, { ...scheduleBody(assetA.id), assetIds: [assetA.id] }),
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/schedules/${schedule.id}`,
        headers: member,
        payload: {},
      }),
      post(`/api/admin/schedules/${schedule.id}/pause`, member),
      post(`/api/admin/schedules/${schedule.id}/resume`, member),
      t.app.inject({ method: 'DELETE', url: `/api/admin/schedules/${schedule.id}`, headers: member }),
      t.app.inject({ method: 'PUT', url: '/api/admin/organization/settings', headers: member, payload: {} }),
    ];
    for (const response of await Promise.all(changes)) expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/schedules/${schedule.id}` })).statusCode).toBe(401);
  });

  it('another organization reads, changes and deletes none of them: 404 everywhere', async () => {
    const b = t.headers.adminB;
    const answers = await Promise.all([
      t.app.inject({ url: `/api/schedules/${schedule.id}`, headers: b }),
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/schedules/${schedule.id}`,
        headers: b,
        payload: scheduleBody(assetA.id),
      }),
      post(`/api/admin/schedules/${schedule.id}/pause`, b),
      post(`/api/admin/schedules/${schedule.id}/resume`, b),
      t.app.inject({ method: 'DELETE', url: `/api/admin/schedules/${schedule.id}`, headers: b }),
      post('/api/admin/schedules/apply', b, { ...scheduleBody(assetA.id), assetIds: [assetA.id] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    const listB = await t.app.inject({ url: `/api/schedules?assetId=${assetA.id}`, headers: b });
    expect(listB.json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/schedules', headers: b })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/schedules/not-a-uuid', headers: b })).statusCode).toBe(404);
    const stored = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(stored[0]).toMatchObject({ title: 'Access check', pausedAt: null });
  });
});

describe('editing, pausing, resuming and deleting', () => {
  it('edits a schedule, audits what changed, and writes nothing when nothing changed', async () => {
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(assetA.id, { title: 'Quarterly service', startsOn: '2026-03-01' }),
    );
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/schedules/${schedule.id}`,
        headers: t.headers.adminA,
        payload,
      });
    const same = await put(scheduleBody(assetA.id, { title: 'Quarterly service', startsOn: '2026-03-01' }));
    expect(same.statusCode).toBe(200);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, schedule.id)).toHaveLength(1);

    const edited = await put({
      title: 'Quarterly service',
      recurrence: { pattern: 'interval', every: 3, unit: 'month' },
      startsOn: '2026-03-01',
      leadDays: 10,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      leadDays: 10,
      nextDueOn: '2026-03-01',
      upcoming: ['2026-03-01', '2026-06-01', '2026-09-01', '2026-12-01', '2027-03-01'],
    });
    const [update] = await auditEntriesOf(t.db, t.orgA.organization.id, schedule.id);
    expect(update?.action).toBe('UPDATE');
    expect(JSON.parse(update!.changes!).changes).toEqual({
      recurrence: {
        from: { pattern: 'interval', every: 1, unit: 'month' },
        to: { pattern: 'interval', every: 3, unit: 'month' },
      },
      leadDays: { from: 0, to: 10 },
    });
  });

  it('pauses (nothing is created) and resumes (one task, the latest due), 409 when already so', async () => {
    clock.freeze(new Date('2026-01-15T12:00:00Z'));
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(assetA.id, { title: 'Paused one', startsOn: '2026-02-01' }),
    );
    const paused = await post(`/api/admin/schedules/${schedule.id}/pause`, t.headers.adminA);
    expect(paused.json()).toMatchObject({ status: 'paused' });
    expect((await post(`/api/admin/schedules/${schedule.id}/pause`, t.headers.adminA)).statusCode).toBe(409);

    clock.freeze(new Date('2026-04-10T12:00:00Z'));
    await runScheduleEngine(t.db, clock);
    expect(await tasksOfSchedule(t.db, schedule.id)).toEqual([]);

    const resumed = await post(`/api/admin/schedules/${schedule.id}/resume`, t.headers.adminA);
    expect(resumed.json()).toMatchObject({ status: 'active', pausedAt: null, nextDueOn: '2026-05-01' });
    expect((await tasksOfSchedule(t.db, schedule.id)).map((task) => task.dueOn)).toEqual(['2026-04-01']);
    expect((await post(`/api/admin/schedules/${schedule.id}/resume`, t.headers.adminA)).statusCode).toBe(409);
    const actions = (await auditEntriesOf(t.db, t.orgA.organization.id, schedule.id)).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(['RESUME', 'PAUSE', 'CREATE']);
    clock.freeze(new Date('2026-01-15T12:00:00Z'));
  });

  it('deletes a schedule and keeps its tasks, no longer linked to it', async () => {
    const schedule = await createScheduleViaApi(
      t.app,
      t.headers.adminA,
      scheduleBody(assetA.id, { title: 'Deleted one', startsOn: '2026-01-10' }),
    );
    const [task] = await tasksOfSchedule(t.db, schedule.id);
    expect(task?.dueOn).toBe('2026-01-10');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/schedules/${schedule.id}`,
      headers: t.headers.adminA,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/schedules/${schedule.id}`, headers: t.headers.adminA })).statusCode,
    ).toBe(404);
    const asset = (await t.app.inject({ url: `/api/assets/${assetA.id}`, headers: t.headers.adminA })).json();
    expect(asset.events.find((event: { id: string }) => event.id === task!.id)).toMatchObject({
      title: 'Deleted one',
      dueOn: '2026-01-10',
      dueState: 'overdue',
      scheduleId: null,
    });
    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, schedule.id);
    expect(entry).toMatchObject({ action: 'DELETE', entityType: 'Schedule' });
  });
});

describe('applying a schedule to many assets', () => {
  it('creates one schedule per asset, with their due tasks and an audit entry each', async () => {
    const assets = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createAssetViaApi(t.app, t.headers.adminA, { name: `Extinguisher ${i}` }),
      ),
    );
    const response = await post('/api/admin/schedules/apply', t.headers.adminA, {
      ...scheduleBody(assets[0]!.id, {
        title: 'Annual check',
        recurrence: { pattern: 'interval', every: 1, unit: 'year' },
        startsOn: '2026-01-15',
      }),
      assetIds: assets.map((asset) => asset.id),
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ created: 5, tasksCreated: 5 });
    for (const [index, id] of (result.scheduleIds as string[]).entries()) {
      const schedule = (
        await t.app.inject({ url: `/api/schedules/${id}`, headers: t.headers.memberA })
      ).json();
      expect(schedule).toMatchObject({
        assetId: assets[index]!.id,
        title: 'Annual check',
        nextDueOn: '2027-01-15',
      });
      expect(await auditEntriesOf(t.db, t.orgA.organization.id, id)).toHaveLength(1);
    }
  });

  it('refuses all of them when one is another organization’s (404), retired (409), named twice or too many (400)', async () => {
    const mine = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Mine' });
    const before = (await t.db.select().from(schedules)).length;
    const apply = (assetIds: string[]) =>
      post('/api/admin/schedules/apply', t.headers.adminA, { ...scheduleBody(mine.id), assetIds });
    const foreign = await apply([mine.id, assetB.id]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SCHEDULE_MESSAGES.unknownAssets(1));
    const retired = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Retired' });
    await post(`/api/admin/assets/${retired.id}/retire`, t.headers.adminA);
    expect((await apply([mine.id, retired.id])).statusCode).toBe(409);
    const twice = await apply([mine.id, mine.id.toUpperCase()]);
    expect(twice.statusCode).toBe(400);
    expect(pathsAndMessages(twice.json().fields)).toContainEqual({
      path: 'assetIds',
      message: SCHEDULE_MESSAGES.duplicateAssets,
    });
    const tooMany = Array.from(
      { length: 5001 },
      (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(pathsAndMessages((await apply(tooMany)).json().fields)).toContainEqual({
      path: 'assetIds',
      message: SCHEDULE_MESSAGES.tooManyAssets,
    });
    expect(await t.db.select().from(schedules)).toHaveLength(before);
  });
});

describe('applying a schedule to the asset list’s view', () => {
  const apply = (body: object, headers = t.headers.adminA) =>
    post('/api/admin/schedules/apply', headers, { ...scheduleBody(assetA.id), assetId: undefined, ...body });

  it('creates one on every asset the list shows for a query, in the list’s order', async () => {
    const names = ['Hose reel 3', 'Hose reel 1', 'Hose reel 2'];
    const created = [];
    for (const name of names) created.push(await createAssetViaApi(t.app, t.headers.adminA, { name }));
    const response = await apply({ query: { search: 'hose reel', sort: 'name' } });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.created).toBe(3);
    const shown = await Promise.all(
      (result.scheduleIds as string[]).map(
        async (id) =>
          (await t.app.inject({ url: `/api/schedules/${id}`, headers: t.headers.memberA })).json().assetName,
      ),
    );
    expect(shown).toEqual(['Hose reel 1', 'Hose reel 2', 'Hose reel 3']);
  });

  it('refuses ids and a query together, a query matching nothing, one past 5,000, or one with retired assets; writes nothing', async () => {
    const before = (await t.db.select().from(schedules)).length;
    const both = await apply({ assetIds: [assetA.id], query: {} });
    expect(both.statusCode).toBe(400);
    expect(pathsAndMessages(both.json().fields)).toContainEqual({
      path: 'assetIds',
      message: ASSET_SELECTION_MESSAGES.oneSource,
    });
    expect((await apply({})).statusCode).toBe(400);
    const none = await apply({ query: { search: 'no such asset anywhere' } });
    expect(none.statusCode).toBe(400);
    expect(pathsAndMessages(none.json().fields)).toContainEqual({
      path: 'query',
      message: ASSET_SELECTION_MESSAGES.noneFound,
    });

    await createAssetViaApi(t.app, t.headers.adminA, { name: 'Sprinkler valve live' });
    const retired = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Sprinkler valve old' });
    await post(`/api/admin/assets/${retired.id}/retire`, t.headers.adminA);
    const withRetired = await apply({ query: { search: 'sprinkler valve', status: 'all' } });
    expect(withRetired.statusCode).toBe(409);
    expect(withRetired.json().message).toBe(SCHEDULE_MESSAGES.someAssetsRetired(1));
    // The same view in service only: the live one.
    expect(await t.db.select().from(schedules)).toHaveLength(before);
    const inService = await apply({ query: { search: 'sprinkler valve' } });
    expect(inService.json()).toMatchObject({ created: 1 });
  });

  it('never reaches another organization’s assets, and members get 403', async () => {
    const fromB = await apply({ query: { search: 'hose reel' } }, t.headers.adminB);
    expect(fromB.statusCode).toBe(400);
    expect(pathsAndMessages(fromB.json().fields)).toContainEqual({
      path: 'query',
      message: ASSET_SELECTION_MESSAGES.noneFound,
    });
    expect((await apply({ query: {} }, t.headers.memberA)).statusCode).toBe(403);
  });

  it('stops past 5,000 assets in the view', async () => {
    // A register longer than the limit, in an organization of its own.
    const big = await createOrganization(t.db);
    const admin = await createUser(t.db, big.id, { isAdmin: true });
    await t.db.execute(sql`insert into assets (id, organization_id, name, slug)
      select gen_random_uuid(), ${big.id}::uuid, 'Valve ' || i, 'valve-' || i
      from generate_series(1, ${SCHEDULE_APPLY_MAX_ASSETS + 1}) as i`);
    const tooMany = await apply({ query: {} }, (await loginAs(t.app, admin)).headers);
    expect(tooMany.statusCode).toBe(400);
    expect(pathsAndMessages(tooMany.json().fields)).toContainEqual({
      path: 'query',
      message: ASSET_SELECTION_MESSAGES.tooMany,
    });
    expect(await t.db.$count(schedules, eq(schedules.organizationId, big.id))).toBe(0);
  });
});

describe('the organization’s time zone', () => {
  const put = (headers: { authorization: string }, timeZone: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/organization/settings', headers, payload: { timeZone } });

  it('is UTC by default, set by an administrator to an IANA zone, audited, shown with the organization', async () => {
    const before = (await t.app.inject({ url: '/api/auth/organization', headers: t.headers.memberB })).json();
    expect(before.timeZone).toBe('UTC');
    const saved = await put(t.headers.adminB, 'america/new_york');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: t.orgB.organization.id, timeZone: 'America/New_York' });
    expect(
      (await t.app.inject({ url: '/api/auth/organization', headers: t.headers.memberB })).json().timeZone,
    ).toBe('America/New_York');
    const entries = await t.db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.organizationId, t.orgB.organization.id),
          eq(auditLogEntries.entityType, 'Organization'),
        ),
      );
    expect(entries.map((entry) => JSON.parse(entry.changes!))).toEqual([
      { changes: { timeZone: { from: 'UTC', to: 'America/New_York' } } },
    ]);
    // The same again writes nothing; organization A is untouched.
    await put(t.headers.adminB, 'America/New_York');
    expect(
      await t.db
        .select()
        .from(auditLogEntries)
        .where(
          and(
            eq(auditLogEntries.organizationId, t.orgB.organization.id),
            eq(auditLogEntries.entityType, 'Organization'),
          ),
        ),
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/auth/organization', headers: t.headers.memberA })).json().timeZone,
    ).toBe('UTC');
  });

  it('refuses what is not an IANA time zone', async () => {
    for (const timeZone of ['Mars/Olympus', '+02:00', '', 'UTC; drop table', 42, 'x'.repeat(100)]) {
      const response = await put(t.headers.adminA, timeZone);
      expect(response.statusCode, String(timeZone)).toBe(400);
    }
  });
});
