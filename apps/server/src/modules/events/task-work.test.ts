import {
  TASK_WORK_MESSAGES,
  type TMaintenanceEvent,
  type TPendingTask,
  type TWorkAnalytics,
} from '@mqr/contracts';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  maintenanceEvents,
  taskCostLines,
  taskTimeEntries,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp } from '#server/test/build-test-app.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createTenants, type TenantWorld } from '#server/test/tenant-world.ts';

// Priorities, time spent, costs and downtime of tasks, and their analytics (ADR 131).

const w = {} as TenantWorld;
let smtp: TestSmtp;
type Headers = Record<string, string>;

let assetId: string;
let otherAssetId: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const app = await buildTestApp(
    { webhooksAllowPrivateAddresses: true, smtpUrl: smtp.url, smtpFrom: 'maintenance@example.com' },
    { dailyDigest: false },
  );
  Object.assign(w, app, await createTenants(app));
  assetId = (await createAssetViaApi(w.app, w.headers.memberA, { name: 'Press 7' })).id;
  otherAssetId = (await createAssetViaApi(w.app, w.headers.memberB, { name: 'Their press' })).id;
  const endpoint = await w.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: w.headers.adminA,
    payload: { url: 'https://hooks.example.com/urgent', events: ['task.urgent'] },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});
afterAll(async () => {
  await w.close?.();
  await smtp?.close();
});

const createTask = async (payload: object, headers: Headers = w.headers.memberA, asset = assetId) => {
  const response = await w.app.inject({
    method: 'POST',
    url: `/api/assets/${asset}/events`,
    headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMaintenanceEvent>();
};

const complete = (eventId: string, payload: unknown, headers: Headers = w.headers.memberA, asset = assetId) =>
  w.app.inject({
    method: 'POST',
    url: `/api/assets/${asset}/events/${eventId}/complete`,
    headers,
    payload: payload as object,
  });

const edit = (event: TMaintenanceEvent, changes: object, headers: Headers = w.headers.memberA) =>
  w.app.inject({
    method: 'PUT',
    url: `/api/assets/${assetId}/events/${event.id}`,
    headers,
    payload: { title: event.title, ...changes },
  });

const rowOf = async (id: string) =>
  (await w.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, id)))[0]!;

const urgentDeliveries = async () =>
  (
    await w.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, w.orgA.organization.id),
          eq(webhookDeliveries.eventType, 'task.urgent'),
        ),
      )
  ).map((row) => JSON.parse(row.body).data);

describe('priority', () => {
  it('defaults to normal, is kept on an edit that does not send it, and orders the pending list most urgent first', async () => {
    const plain = await createTask({ title: 'Grease', performedAt: '2024-01-01T00:00:00Z' });
    expect(plain.priority).toBe('normal');
    const low = await createTask({ title: 'Paint', priority: 'low', performedAt: '2023-01-01T00:00:00Z' });
    const high = await createTask({ title: 'Belt', priority: 'high', performedAt: '2025-01-01T00:00:00Z' });
    const kept = await edit(high, { notes: 'Spare in store' });
    expect(kept.json<TMaintenanceEvent>().priority).toBe('high');

    const pending = await w.app.inject({
      method: 'GET',
      url: '/api/tasks/pending',
      headers: w.headers.memberA,
    });
    const order = pending.json<TPendingTask[]>().map((task) => task.eventId);
    expect(order.indexOf(high.id)).toBeLessThan(order.indexOf(plain.id));
    expect(order.indexOf(plain.id)).toBeLessThan(order.indexOf(low.id));
    const onlyLow = await w.app.inject({
      method: 'GET',
      url: '/api/tasks/pending?priority=low',
      headers: w.headers.memberA,
    });
    expect(onlyLow.json<TPendingTask[]>().map((task) => task.eventId)).toEqual([low.id]);

    const changed = await edit(low, { priority: 'high' });
    expect(changed.json<TMaintenanceEvent>().changeLog[0]?.changes).toEqual(['Priority updated']);
  });

  it('refuses an unknown priority naming the field, and writes nothing', async () => {
    const before = await w.db.$count(maintenanceEvents);
    const response = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${assetId}/events`,
      headers: w.headers.memberA,
      payload: { title: 'Odd', priority: 'whenever' },
    });
    expect(response.statusCode).toBe(400);
    expect(pathsAndMessages(response.json().fields)).toEqual([
      { path: 'priority', message: TASK_WORK_MESSAGES.priorityInvalid },
    ]);
    expect(await w.db.$count(maintenanceEvents)).toBe(before);
    const filter = await w.app.inject({
      method: 'GET',
      url: '/api/tasks/pending?priority=soon',
      headers: w.headers.memberA,
    });
    expect(filter.statusCode).toBe(400);
  });

  it('an urgent task goes to the webhooks as task.urgent, and its assignee gets an email in their language at once', async () => {
    const created = await createTask({ title: 'Hydraulic leak', priority: 'urgent' });
    expect((await urgentDeliveries()).map((data) => data.taskId)).toContain(created.id);

    // A task assigned to the member (as a schedule assigns it), raised to urgent.
    const task = await createTask({ title: 'Guard broken' });
    await w.db
      .update(maintenanceEvents)
      .set({ assigneeId: w.orgA.member.id, dueOn: '2026-12-01' })
      .where(eq(maintenanceEvents.id, task.id));
    const raised = await edit(task, { priority: 'urgent' }, w.headers.adminA);
    expect(raised.statusCode, raised.body).toBe(200);
    const deliveries = await urgentDeliveries();
    expect(deliveries.find((data) => data.taskId === task.id)).toMatchObject({
      priority: 'urgent',
      assigneeId: w.orgA.member.id,
    });
    const emails = await w.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, w.orgA.member.id), eq(emailOutbox.kind, 'urgent_task')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.content).toMatchObject({
      title: 'Guard broken',
      assetName: 'Press 7',
      eventId: task.id,
    });
    // Urgent again (an edit of its notes) is no new alarm.
    await edit({ ...task, title: 'Guard broken' }, { priority: 'urgent', notes: 'Taped' }, w.headers.adminA);
    expect((await urgentDeliveries()).filter((data) => data.taskId === task.id)).toHaveLength(1);
  });
});

describe('completion with time, costs and downtime', () => {
  it('records time per person, cost lines in minor units with their totals, and ends an open downtime', async () => {
    const task = await createTask({
      title: 'Replace bearing',
      downFrom: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(task.downFrom).not.toBeNull();
    expect(task.downTo).toBeNull();
    const response = await complete(task.id, {
      timeSpent: [{ minutes: 90 }, { userId: w.orgA.admin.id, minutes: 30 }],
      costs: [
        { description: 'Bearing 6204', quantity: 2, unitCostMinor: 1250 },
        { description: 'Grease', quantity: 0.333, unitCostMinor: 1000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const done = response.json<TMaintenanceEvent>();
    expect(done.taskStatus).toBe('Completed');
    expect(done.timeSpent.map((entry) => [entry.userId, entry.minutes]).sort()).toEqual(
      [
        [w.orgA.member.id, 90],
        [w.orgA.admin.id, 30],
      ].sort(),
    );
    expect(done.costs.map((line) => [line.description, line.quantity, line.totalMinor])).toEqual([
      ['Bearing 6204', 2, 2500],
      ['Grease', 0.333, 333],
    ]);
    expect(done.costTotalMinor).toBe(2833);
    expect(done.currency).toBe('EUR');
    expect(done.downTo).toBe(done.taskCompletedAt);
  });

  it('refuses a negative cost, quantity or time, an unknown person, and a downtime ending before it starts, naming the field, writing nothing', async () => {
    const task = await createTask({ title: 'Check valve' });
    const refused = async (payload: object, path: string, message: string) => {
      const response = await complete(task.id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path, message }]);
    };
    const line = { description: 'Valve', quantity: 1, unitCostMinor: 100 };
    await refused(
      { costs: [{ ...line, unitCostMinor: -1 }] },
      'costs.0.unitCostMinor',
      TASK_WORK_MESSAGES.unitCostInvalid,
    );
    await refused(
      { costs: [{ ...line, quantity: -2 }] },
      'costs.0.quantity',
      TASK_WORK_MESSAGES.quantityInvalid,
    );
    await refused(
      { costs: [{ ...line, description: ' ' }] },
      'costs.0.description',
      TASK_WORK_MESSAGES.costDescriptionRequired,
    );
    await refused({ timeSpent: [{ minutes: -5 }] }, 'timeSpent.0.minutes', TASK_WORK_MESSAGES.minutesInvalid);
    await refused(
      { timeSpent: [{ userId: w.orgB.member.id, minutes: 5 }] },
      'timeSpent.0.userId',
      TASK_WORK_MESSAGES.personUnknown,
    );
    await refused(
      { timeSpent: [{ minutes: 5 }, { userId: w.orgA.member.id, minutes: 6 }] },
      'timeSpent.1.userId',
      TASK_WORK_MESSAGES.duplicatePerson,
    );
    await refused(
      { downFrom: '2026-01-02T10:00:00Z', downTo: '2026-01-02T09:00:00Z' },
      'downTo',
      TASK_WORK_MESSAGES.downtimeEndsBeforeStart,
    );
    await refused(
      { downFrom: new Date(Date.now() + 86_400_000).toISOString() },
      'downFrom',
      TASK_WORK_MESSAGES.downtimeInFuture,
    );
    const row = await rowOf(task.id);
    expect(row.taskStatus).toBe('Pending');
    expect(row.downFrom).toBeNull();
    expect(await w.db.$count(taskCostLines, eq(taskCostLines.eventId, task.id))).toBe(0);
    expect(await w.db.$count(taskTimeEntries, eq(taskTimeEntries.eventId, task.id))).toBe(0);

    // On an edit too: an end before the stored start.
    await edit(task, { downFrom: '2026-01-02T10:00:00Z' });
    const before = await edit(task, { downTo: '2026-01-01T10:00:00Z' });
    expect(before.statusCode).toBe(400);
    expect(pathsAndMessages(before.json().fields)).toEqual([
      { path: 'downTo', message: TASK_WORK_MESSAGES.downtimeEndsBeforeStart },
    ]);
  });

  it('a retried completion (same Idempotency-Key) writes its lines once', async () => {
    const task = await createTask({ title: 'Filter' });
    const headers = { ...w.headers.memberA, 'idempotency-key': 'complete-filter-1' };
    const payload = {
      costs: [{ description: 'Filter', quantity: 1, unitCostMinor: 900 }],
      timeSpent: [{ minutes: 15 }],
    };
    const first = await complete(task.id, payload, headers);
    const again = await complete(task.id, payload, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await w.db.$count(taskCostLines, eq(taskCostLines.eventId, task.id))).toBe(1);
  });

  it('answers 404 to another organization completing, editing or listing these tasks', async () => {
    const task = await createTask({ title: 'Ours', priority: 'high' });
    const theirs = await complete(task.id, { timeSpent: [{ minutes: 5 }] }, w.headers.memberB);
    expect(theirs.statusCode).toBe(404);
    const viaTheirAsset = await complete(task.id, {}, w.headers.memberB, otherAssetId);
    expect(viaTheirAsset.statusCode).toBe(404);
    const editTheirs = await edit(task, { priority: 'low' }, w.headers.memberB);
    expect(editTheirs.statusCode).toBe(404);
    expect((await rowOf(task.id)).priority).toBe(2);
    const list = await w.app.inject({ method: 'GET', url: '/api/tasks/pending', headers: w.headers.memberB });
    expect(list.json<TPendingTask[]>().map((t) => t.eventId)).not.toContain(task.id);
  });
});

describe('the organization currency', () => {
  it('is EUR by default, set by an administrator to an ISO 4217 code, refused otherwise', async () => {
    const me = await w.app.inject({ method: 'GET', url: '/api/auth/me', headers: w.headers.memberB });
    expect(me.json().currency).toBe('EUR');
    const bad = await w.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: w.headers.adminB,
      payload: { currency: 'EURO' },
    });
    expect(bad.statusCode).toBe(400);
    expect(pathsAndMessages(bad.json().fields)).toEqual([
      { path: 'currency', message: TASK_WORK_MESSAGES.currencyInvalid },
    ]);
    const set = await w.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: w.headers.adminB,
      payload: { currency: 'jpy' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().currency).toBe('JPY');
    const after = await w.app.inject({ method: 'GET', url: '/api/auth/me', headers: w.headers.memberB });
    expect(after.json().currency).toBe('JPY');
  });
});

describe('GET /api/admin/dashboard/work', () => {
  it('sums cost and time per asset and month, MTTR and MTBF from the downtimes, and the backlog by priority', async () => {
    const asset = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Analytics lathe' });
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const first = await createTask(
      { title: 'Spindle', downFrom: hourAgo(10), downTo: hourAgo(8) },
      w.headers.memberA,
      asset.id,
    );
    await complete(
      first.id,
      {
        costs: [{ description: 'Spindle', quantity: 1, unitCostMinor: 50_000 }],
        timeSpent: [{ minutes: 120 }],
      },
      w.headers.memberA,
      asset.id,
    );
    const second = await createTask({ title: 'Coolant', downFrom: hourAgo(4) }, w.headers.memberA, asset.id);
    await complete(second.id, { timeSpent: [{ minutes: 30 }] }, w.headers.memberA, asset.id);

    const response = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work?rangeDays=7',
      headers: w.headers.adminA,
    });
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json<TWorkAnalytics>();
    expect(figures.currency).toBe('EUR');
    const lathe = figures.assets.find((row) => row.assetId === asset.id)!;
    expect(lathe).toMatchObject({ costMinor: 50_000, minutes: 150, failures: 2 });
    // 2 h, then 4 h (ended by the completion): a mean of 3 h to repair.
    expect(lathe.mttrMinutes).toBeCloseTo(180, 0);
    // A week less 6 h of downtime, between 2 failures.
    expect(lathe.mtbfHours).toBeCloseTo((7 * 24 - 6) / 2, 0);
    expect(figures.backlog.map((row) => row.priority)).toEqual(['urgent', 'high', 'normal', 'low']);
    expect(figures.backlog.find((row) => row.priority === 'urgent')!.week).toBeGreaterThan(0);
    expect(figures.totals.costMinor).toBeGreaterThanOrEqual(50_000);

    const csv = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work.csv?rangeDays=7',
      headers: w.headers.adminA,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Asset,Cost (EUR),Time spent (minutes),Downtimes,Downtime (minutes),MTTR (minutes),MTBF (hours)',
    );
    expect(lines.find((line) => line.startsWith('Analytics lathe,'))).toMatch(
      /^Analytics lathe,500\.00,150,2,360,180,81$/,
    );
    const backlog = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work.csv?table=backlog',
      headers: w.headers.adminA,
    });
    expect(backlog.body.split('\r\n')[1]).toMatch(/^Urgent,/);
  });

  it('shows another organization none of these figures, refuses members and a bad range', async () => {
    const theirs = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work',
      headers: w.headers.adminB,
    });
    expect(theirs.statusCode).toBe(200);
    const figures = theirs.json<TWorkAnalytics>();
    expect(figures.assets).toEqual([]);
    expect(figures.totals.costMinor).toBe(0);
    expect(figures.currency).toBe('JPY');
    const member = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work',
      headers: w.headers.memberA,
    });
    expect(member.statusCode).toBe(403);
    const bad = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work?rangeDays=400',
      headers: w.headers.adminA,
    });
    expect(bad.statusCode).toBe(400);
    const csv = await w.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/work.csv?table=everything',
      headers: w.headers.adminA,
    });
    expect(csv.statusCode).toBe(400);
  });
});
