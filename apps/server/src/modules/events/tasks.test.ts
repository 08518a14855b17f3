import { EVENT_MESSAGES, PAGING_HEADERS } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintenanceEvents } from '#server/db/schema.ts';
import { auditEntriesOf, createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { selectOpenTasks } from './queries.ts';

type Headers = Record<string, string>;

const t = tenantWorld();

type Action = 'start' | 'complete';
const act = (headers: Headers, assetId: string, eventId: string, action: Action, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events/${eventId}/${action}`,
    headers,
    payload: payload as object,
  });
const pendingTasks = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/tasks/pending${query}`, headers });

async function createEvent(headers: Headers, assetId: string, payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers,
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`create event: ${response.statusCode} ${response.body}`);
  return response.json();
}

const eventRow = async (id: string) =>
  (await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, id)))[0]!;

/** A fresh organization with two members signed in and an asset. */
async function makeOrg() {
  const organization = await createOrganization(t.db);
  const alice = await createUser(t.db, organization.id, { displayName: 'Alice' });
  const bob = await createUser(t.db, organization.id, { displayName: 'Bob' });
  const aliceHeaders = (await loginAs(t.app, alice)).headers;
  const bobHeaders = (await loginAs(t.app, bob)).headers;
  const asset = await createAssetViaApi(t.app, aliceHeaders, { name: 'Chiller' });
  return { organization, alice, bob, aliceHeaders, bobHeaders, asset };
}

const statusAudits = async (organizationId: string, eventId: string) =>
  (await auditEntriesOf(t.db, organizationId, eventId))
    .filter((e) => e.action !== 'CREATE')
    .map((e) => ({
      action: e.action,
      changes: e.changes,
      entityType: e.entityType,
      entityName: e.entityName,
    }));

describe('start and complete', () => {
  it('starts a Pending task, then completes it, stamping who and when, audited in the same change', async () => {
    const { organization, alice, bob, aliceHeaders, bobHeaders, asset } = await makeOrg();
    const event = await createEvent(aliceHeaders, asset.id, { title: 'Filter' });
    const started = await act(aliceHeaders, asset.id, event.id, 'start');
    expect(started.statusCode).toBe(200);
    const afterStart = started.json();
    expect(afterStart).toMatchObject({
      id: event.id,
      title: 'Filter',
      taskStatus: 'InProgress',
      taskStartedBy: 'Alice',
      taskCompletedAt: null,
      taskCompletedBy: null,
      updatedBy: 'Alice',
    });
    expect(afterStart.taskStartedAt).toBe(afterStart.updatedAt);
    expect(await eventRow(event.id)).toMatchObject({ taskStatus: 'InProgress', taskStartedById: alice.id });

    const completed = await act(bobHeaders, asset.id, event.id, 'complete');
    expect(completed.statusCode).toBe(200);
    const afterComplete = completed.json();
    expect(afterComplete).toMatchObject({
      taskStatus: 'Completed',
      taskStartedAt: afterStart.taskStartedAt,
      taskStartedBy: 'Alice',
      taskCompletedBy: 'Bob',
      updatedBy: 'Bob',
    });
    expect(Date.parse(afterComplete.taskCompletedAt)).toBeGreaterThanOrEqual(
      Date.parse(afterStart.taskStartedAt),
    );
    expect(await eventRow(event.id)).toMatchObject({
      taskStatus: 'Completed',
      taskStartedById: alice.id,
      taskCompletedById: bob.id,
    });
    expect((await statusAudits(organization.id, event.id)).reverse()).toEqual([
      {
        action: 'START_TASK',
        changes: '{"status":"InProgress"}',
        entityType: 'MaintenanceEvent',
        entityName: 'Filter',
      },
      {
        action: 'COMPLETE_TASK',
        changes: '{"status":"Completed"}',
        entityType: 'MaintenanceEvent',
        entityName: 'Filter',
      },
    ]);
  });

  it('completes a Pending task directly, stamping the start too', async () => {
    const { organization, bob, aliceHeaders, bobHeaders, asset } = await makeOrg();
    const event = await createEvent(aliceHeaders, asset.id, { title: 'Quick fix' });
    const response = await act(bobHeaders, asset.id, event.id, 'complete');
    expect(response.statusCode).toBe(200);
    const done = response.json();
    expect(done).toMatchObject({ taskStatus: 'Completed', taskStartedBy: 'Bob', taskCompletedBy: 'Bob' });
    expect(done.taskStartedAt).toBe(done.taskCompletedAt);
    expect(await eventRow(event.id)).toMatchObject({ taskStartedById: bob.id, taskCompletedById: bob.id });
    expect(await statusAudits(organization.id, event.id)).toEqual([
      expect.objectContaining({ action: 'COMPLETE_TASK', changes: '{"status":"Completed"}' }),
    ]);
  });

  it('answers 409 with the message for each illegal transition and changes nothing', async () => {
    const { organization, aliceHeaders, bobHeaders, asset } = await makeOrg();
    const inProgress = await createEvent(aliceHeaders, asset.id, { title: 'Running', startTask: true });
    const restart = await act(bobHeaders, asset.id, inProgress.id, 'start');
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'CONFLICT', message: EVENT_MESSAGES.cannotStart });
    const unchanged = await eventRow(inProgress.id);
    expect(unchanged).toMatchObject({ taskStatus: 'InProgress' });
    expect(unchanged.taskStartedAt?.toISOString()).toBe(inProgress.taskStartedAt);
    expect(unchanged.updatedAt.toISOString()).toBe(inProgress.updatedAt);

    const done = (await act(aliceHeaders, asset.id, inProgress.id, 'complete')).json();
    for (const action of ['start', 'complete'] as const) {
      const response = await act(bobHeaders, asset.id, inProgress.id, action);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: action === 'start' ? EVENT_MESSAGES.cannotStart : EVENT_MESSAGES.alreadyCompleted,
      });
    }
    const after = await eventRow(inProgress.id);
    expect(after.taskCompletedAt?.toISOString()).toBe(done.taskCompletedAt);
    expect(after.updatedAt.toISOString()).toBe(done.updatedAt);
    expect((await statusAudits(organization.id, inProgress.id)).map((e) => e.action)).toEqual([
      'COMPLETE_TASK',
    ]);
  });

  it('lets only one of two simultaneous starts (or completes) succeed', async () => {
    const { organization, aliceHeaders, bobHeaders, asset } = await makeOrg();
    const event = await createEvent(aliceHeaders, asset.id, { title: 'Race' });
    const starts = await Promise.all([
      act(aliceHeaders, asset.id, event.id, 'start'),
      act(bobHeaders, asset.id, event.id, 'start'),
    ]);
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = starts.find((r) => r.statusCode === 200)!.json();
    expect(starts.find((r) => r.statusCode === 409)!.json().message).toBe(EVENT_MESSAGES.cannotStart);
    expect((await eventRow(event.id)).taskStartedAt?.toISOString()).toBe(winner.taskStartedAt);

    const completes = await Promise.all([
      act(aliceHeaders, asset.id, event.id, 'complete'),
      act(bobHeaders, asset.id, event.id, 'complete'),
    ]);
    expect(completes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(completes.find((r) => r.statusCode === 409)!.json().message).toBe(EVENT_MESSAGES.alreadyCompleted);
    expect((await statusAudits(organization.id, event.id)).map((e) => e.action).sort()).toEqual([
      'COMPLETE_TASK',
      'START_TASK',
    ]);
  });

  it('accepts no body, an empty JSON body, {} and null; refuses malformed JSON', async () => {
    const { aliceHeaders, asset } = await makeOrg();
    const bodies: { headers?: Headers; payload?: string }[] = [
      {},
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{}' },
      { headers: { 'content-type': 'application/json' }, payload: 'null' },
    ];
    for (const body of bodies) {
      const event = await createEvent(aliceHeaders, asset.id, { title: 'Body' });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events/${event.id}/start`,
        headers: { ...aliceHeaders, ...body.headers },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json().taskStatus).toBe('InProgress');
    }
    const event = await createEvent(aliceHeaders, asset.id, { title: 'Bad body' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${event.id}/complete`,
      headers: { ...aliceHeaders, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await eventRow(event.id)).taskStatus).toBe('Pending');
    // Other routes keep refusing an empty JSON body.
    const emptyCreate = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers: { ...aliceHeaders, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyCreate.statusCode).toBe(400);
  });
});

describe('GET /api/tasks/pending', () => {
  it('lists the open tasks oldest performedAt first with their assets, paged, without completed ones', async () => {
    const { aliceHeaders, asset } = await makeOrg();
    const other = await createAssetViaApi(t.app, aliceHeaders, { name: 'Boiler' });
    const newest = await createEvent(aliceHeaders, asset.id, {
      title: 'Newest',
      notes: 'n',
      recordedBy: 'Rec',
      performedAt: '2024-01-03T00:00:00Z',
    });
    const oldA = await createEvent(aliceHeaders, other.id, {
      title: 'Old A',
      performedAt: '2024-01-01T00:00:00Z',
      startTask: true,
    });
    const oldB = await createEvent(aliceHeaders, asset.id, {
      title: 'Old B',
      performedAt: '2024-01-01T00:00:00Z',
    });
    const done = await createEvent(aliceHeaders, asset.id, {
      title: 'Done',
      performedAt: '2023-12-01T00:00:00Z',
    });
    await act(aliceHeaders, asset.id, done.id, 'complete');

    const response = await pendingTasks(aliceHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.headers[PAGING_HEADERS.total.toLowerCase()]).toBe('3');
    expect(response.headers[PAGING_HEADERS.page.toLowerCase()]).toBe('1');
    expect(response.headers[PAGING_HEADERS.pageSize.toLowerCase()]).toBe('50');
    const tasks = response.json();
    const sameInstant = [oldA, oldB].sort((x, y) => (x.id < y.id ? -1 : 1)).map((e) => e.id);
    expect(tasks.map((task: { eventId: string }) => task.eventId)).toEqual([...sameInstant, newest.id]);
    expect(tasks.find((task: { eventId: string }) => task.eventId === oldA.id)).toEqual({
      eventId: oldA.id,
      assetId: other.id,
      assetName: 'Boiler',
      assetSlug: other.slug,
      title: 'Old A',
      notes: null,
      recordedBy: null,
      performedAt: '2024-01-01T00:00:00.000Z',
      taskStatus: 'InProgress',
      taskStartedAt: oldA.taskStartedAt,
      taskStartedBy: 'Alice',
      taskCompletedAt: null,
      taskCompletedBy: null,
      dueOn: null,
      dueState: 'none',
      scheduleId: null,
      assigneeId: null,
      assigneeName: null,
      priority: 'normal',
      downFrom: null,
      downTo: null,
      checklist: null,
    });
    expect(tasks[2]).toMatchObject({
      assetName: 'Chiller',
      assetSlug: asset.slug,
      notes: 'n',
      recordedBy: 'Rec',
      taskStatus: 'Pending',
      taskStartedBy: null,
    });

    const page2 = await pendingTasks(aliceHeaders, '?page=2&pageSize=2');
    expect(page2.headers['x-total-count']).toBe('3');
    expect(page2.headers['x-page']).toBe('2');
    expect(page2.headers['x-page-size']).toBe('2');
    expect(page2.json().map((task: { eventId: string }) => task.eventId)).toEqual([newest.id]);
    expect((await pendingTasks(aliceHeaders, '?pageSize=0')).statusCode).toBe(400);
    expect((await pendingTasks(aliceHeaders, '?page=0')).statusCode).toBe(400);

    // Completing one removes it from the list.
    await act(aliceHeaders, asset.id, newest.id, 'complete');
    const after = await pendingTasks(aliceHeaders);
    expect(after.headers['x-total-count']).toBe('2');
    expect(after.json().map((task: { eventId: string }) => task.eventId)).not.toContain(newest.id);
  });

  it('filters with the predicate of the partial index maintenance_events_open_tasks_idx, which can serve it', async () => {
    const query = selectOpenTasks(t.db, t.orgA.organization.id, {}, { page: 1, pageSize: 50 }).toSQL();
    expect(query.sql).toContain(`"maintenance_events"."task_status" <> 'Completed'`);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain ${selectOpenTasks(tx, t.orgA.organization.id, {}, { page: 1, pageSize: 50 })}`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('maintenance_events_open_tasks_idx');
  });
});

describe('tenancy and authentication', () => {
  it('answers 404 to another organization on start and complete, and never lists its tasks', async () => {
    const assetA = await createAssetViaApi(t.app, t.headers.memberA, { name: 'A chiller' });
    const eventA = await createEvent(t.headers.memberA, assetA.id, { title: 'A task' });
    const assetB = await createAssetViaApi(t.app, t.headers.memberB, { name: 'B chiller' });
    const otherA = await createAssetViaApi(t.app, t.headers.memberA, { name: 'A other' });
    for (const action of ['start', 'complete'] as const) {
      for (const [headers, assetId, eventId] of [
        [t.headers.memberB, assetA.id, eventA.id],
        [t.headers.memberB, assetB.id, eventA.id],
        [t.headers.memberA, otherA.id, eventA.id],
        [t.headers.memberA, assetA.id, 'not-a-uuid'],
        [t.headers.memberA, 'not-a-uuid', eventA.id],
        [t.headers.memberA, assetA.id, '01900000-0000-7000-8000-000000000009'],
      ] as const) {
        const response = await act(headers, assetId, eventId, action);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    }
    expect(await eventRow(eventA.id)).toMatchObject({ taskStatus: 'Pending', taskStartedAt: null });
    const listB = (await pendingTasks(t.headers.memberB, '?pageSize=200')).json();
    expect(listB.map((task: { eventId: string }) => task.eventId)).not.toContain(eventA.id);
    expect(listB.every((task: { assetId: string }) => task.assetId !== assetA.id)).toBe(true);
    const listA = (await pendingTasks(t.headers.memberA, '?pageSize=200')).json();
    expect(listA.map((task: { eventId: string }) => task.eventId)).toContain(eventA.id);
  });

  it('answers 401 without a token', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Anon chiller' });
    const event = await createEvent(t.headers.memberA, asset.id, { title: 'Anon task' });
    for (const action of ['start', 'complete'] as const) {
      expect((await act({}, asset.id, event.id, action)).statusCode).toBe(401);
    }
    expect((await pendingTasks({})).statusCode).toBe(401);
    expect((await eventRow(event.id)).taskStatus).toBe('Pending');
  });
});

describe("GET /api/tasks/pending?assetId=&q=: one asset's open tasks (the request merge picker)", () => {
  it('pages and searches only that asset’s open tasks; another organization’s asset lists none', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Conveyor' });
    const elsewhere = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Elsewhere' });
    await createEvent(t.headers.memberA, elsewhere.id, { title: 'Belt of another asset' });
    const titles = Array.from({ length: 25 }, (_, i) => `Belt check ${String(i).padStart(2, '0')}`);
    for (const title of titles) await createEvent(t.headers.memberA, asset.id, { title });
    const special = await createEvent(t.headers.memberA, asset.id, { title: 'Replace 50% worn roller' });
    const done = await createEvent(t.headers.memberA, asset.id, { title: 'Belt done' });
    expect((await act(t.headers.memberA, asset.id, done.id, 'complete')).statusCode).toBe(200);

    const page = async (query: string, headers = t.headers.memberA) => {
      const response = await pendingTasks(headers, query);
      expect(response.statusCode).toBe(200);
      return { items: response.json(), total: Number(response.headers[PAGING_HEADERS.total.toLowerCase()]) };
    };
    const first = await page(`?assetId=${asset.id}&pageSize=20`);
    const second = await page(`?assetId=${asset.id}&pageSize=20&page=2`);
    expect(first.total).toBe(26);
    const ids = [...first.items, ...second.items].map((task: { eventId: string }) => task.eventId);
    expect(new Set(ids).size).toBe(26);
    expect(ids).toContain(special.id);
    expect(
      [...first.items, ...second.items].every((task: { assetId: string }) => task.assetId === asset.id),
    ).toBe(true);
    // Words of the title, `%` as itself.
    const found = await page(`?assetId=${asset.id}&q=${encodeURIComponent('50%')}`);
    expect(found.items.map((task: { eventId: string }) => task.eventId)).toEqual([special.id]);
    expect((await page(`?assetId=${asset.id}&q=belt`)).total).toBe(25);
    // Another organization sees none of them.
    expect((await page(`?assetId=${asset.id}`, t.headers.memberB)).items).toEqual([]);
  });

  it('refuses a search without its asset and a malformed asset id, naming the field', async () => {
    const noAsset = await pendingTasks(t.headers.memberA, '?q=belt');
    expect(noAsset.statusCode).toBe(400);
    expect(JSON.stringify(noAsset.json())).toContain('"q"');
    const malformed = await pendingTasks(t.headers.memberA, '?assetId=nope');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('assetId');
  });
});
