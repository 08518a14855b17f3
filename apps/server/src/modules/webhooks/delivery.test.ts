import { type TWebhookDelivery, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { jobs, maintenanceEvents, webhookDeliveries } from '#server/db/schema.ts';
import { asSystem } from '#server/db/scope.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createTwoOrganizations, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import {
  startWebhookReceiver,
  subscribeReceiver,
  type TestWebhookReceiver,
} from '#server/test/webhook-receiver.ts';
import { attemptDelivery, retryDelayMs, WEBHOOK_MAX_ATTEMPTS } from './delivery.ts';
import { emitOverdueTasks } from './overdue.ts';
import { sendWebhook } from './sender.ts';

const clock = new SettableClock();
const w = tenantWorld({ webhooksAllowPrivateAddresses: true, webhooksFirstRetrySeconds: 1 }, { clock });

let receiver: TestWebhookReceiver;
let endpointId: string;

beforeAll(async () => {
  clock.freeze(new Date('2026-03-10T12:00:00Z'));
  receiver = await startWebhookReceiver();
  endpointId = (await subscribeReceiver(w.app, w.headers.adminA, receiver, [...WEBHOOK_EVENT_TYPES])).endpoint
    .id;
});
afterAll(async () => {
  await receiver?.close();
});
beforeEach(() => {
  receiver.failNext = [];
});

const post = (url: string, headers: AuthHeaders, payload: Record<string, unknown> = {}) =>
  w.app.inject({ method: 'POST', url, headers, payload });

async function deliveries(): Promise<TWebhookDelivery[]> {
  const response = await w.app.inject({
    method: 'GET',
    url: `/api/admin/webhooks/${endpointId}/deliveries?pageSize=100`,
    headers: w.headers.adminA,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Waits until no delivery of the endpoint is pending. */
async function settled(): Promise<TWebhookDelivery[]> {
  for (let i = 0; i < 200; i++) {
    const list = await deliveries();
    if (list.every((d) => d.state !== 'pending')) return list;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('deliveries still pending');
}

describe('deliveries', () => {
  it('sends each change once, signed, in the Standard Webhooks format; refusals and other tenants send nothing', async () => {
    const admin = w.headers.adminA;
    const start = receiver.received.length;
    const asset = await createAssetViaApi(w.app, admin, { name: 'Feed pump' });
    const put = await w.app.inject({
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      headers: admin,
      payload: { name: 'Feed pump 2' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const event = await post(`/api/assets/${asset.id}/events`, admin, { title: 'Seal check' });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().id;
    expect((await post(`/api/assets/${asset.id}/events/${eventId}/start`, admin)).statusCode).toBe(200);
    expect((await post(`/api/assets/${asset.id}/events/${eventId}/complete`, admin)).statusCode).toBe(200);
    expect((await post(`/api/admin/assets/${asset.id}/retire`, admin)).statusCode).toBe(200);
    // Refused requests (400, 409) and organization B's changes write no delivery.
    expect((await post('/api/assets', admin, { name: '' })).statusCode).toBe(400);
    expect((await post(`/api/admin/assets/${asset.id}/retire`, admin)).statusCode).toBe(409);
    await createAssetViaApi(w.app, w.headers.adminB, { name: 'Other tenant pump' });

    const received = (await receiver.waitFor(start + 6)).slice(start);
    expect(received.map((m) => m.type).sort()).toEqual(
      [
        'asset.created',
        'asset.updated',
        'maintenance_event.created',
        'task.started',
        'task.completed',
        'asset.retired',
      ].sort(),
    );
    const byType = Object.fromEntries(received.map((m) => [m.type, m]));
    expect(byType['asset.updated']!.data).toEqual({
      organizationId: w.orgA.organization.id,
      assetId: asset.id,
      slug: asset.slug,
      name: 'Feed pump 2',
    });
    expect(byType['task.completed']!.data).toMatchObject({
      taskId: eventId,
      assetId: asset.id,
      status: 'Completed',
    });
    expect(byType['maintenance_event.created']!.data).toMatchObject({ eventId, title: 'Seal check' });
    for (const message of received) {
      expect(message.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(message.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    const list = await settled();
    expect(list).toHaveLength(start + 6);
    expect(list[0]).toMatchObject({ state: 'delivered', attempts: 1, statusCode: 204, lastError: null });
    expect(list[0]!.responseTimeMs).toBeGreaterThanOrEqual(0);
    // Nothing more arrives: each event once.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(receiver.received).toHaveLength(start + 6);
    expect(receiver.rejected).toBe(0);
  });

  it('a bulk retirement sends asset.retired for each asset retired, one webhook-id each', async () => {
    const start = receiver.received.length;
    const ids: string[] = [];
    for (const name of ['Bulk pump 1', 'Bulk pump 2', 'Bulk pump 3']) {
      ids.push((await createAssetViaApi(w.app, w.headers.adminA, { name })).id);
    }
    const retired = await post('/api/admin/assets/bulk/retire', w.headers.adminA, { assetIds: ids });
    expect(retired.json()).toMatchObject({ changed: 3 });
    const received = (await receiver.waitFor(start + 6)).slice(start);
    const retirements = received.filter((m) => m.type === 'asset.retired');
    expect(retirements.map((m) => m.data.assetId).sort()).toEqual([...ids].sort());
    expect(new Set(retirements.map((m) => m.id)).size).toBe(3);
    await settled();
  });

  it('an import sends asset.created for the assets it creates and asset.updated for those it updates', async () => {
    const { uploaded, checked, committed } = importClient(() => w.app);
    const admin = w.headers.adminA;
    const start = receiver.received.length;
    const first = await uploaded(admin, 'Name,Slug\r\nImported pump,imported-pump\r\n');
    await checked(admin, first.id);
    expect(await committed(admin, first.id)).toMatchObject({ createdCount: 1 });
    const second = await uploaded(admin, 'Name,Slug\r\nImported pump (north),imported-pump\r\n');
    await checked(admin, second.id);
    expect(await committed(admin, second.id)).toMatchObject({ updatedCount: 1 });
    const received = (await receiver.waitFor(start + 2)).slice(start);
    expect(received.map((m) => [m.type, m.data.slug, m.data.name])).toEqual([
      ['asset.created', 'imported-pump', 'Imported pump'],
      ['asset.updated', 'imported-pump', 'Imported pump (north)'],
    ]);
    await settled();
  });

  it('retries after a 500 with the same webhook-id, and logs both attempts', async () => {
    const start = receiver.received.length;
    const requests = receiver.requests;
    receiver.failNext = [500];
    await createAssetViaApi(w.app, w.headers.adminA, { name: 'Retry pump' });
    const [message] = (await receiver.waitFor(start + 1)).slice(start);
    expect(receiver.requests).toBe(requests + 2);
    const [latest] = await settled();
    expect(latest).toMatchObject({
      messageId: message!.id,
      state: 'delivered',
      attempts: 2,
      statusCode: 204,
    });
  });

  it('Redeliver sends a delivered message again with its webhook-id; 409 while it is being tried', async () => {
    const [latest] = await settled();
    const url = `/api/admin/webhooks/${endpointId}/deliveries/${latest!.id}/redeliver`;
    const again = await post(url, w.headers.adminA);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ state: 'pending' });
    const verified = receiver.verifiedIds.length;
    for (let i = 0; i < 100 && receiver.verifiedIds.length === verified; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(receiver.verifiedIds.at(-1)).toBe(latest!.messageId);
    const [after] = await settled();
    expect(after).toMatchObject({ id: latest!.id, state: 'delivered', attempts: latest!.attempts + 1 });

    // A delivery failing and waiting for its retry cannot be redelivered on top.
    receiver.failNext = [503, 503, 503, 503];
    await createAssetViaApi(w.app, w.headers.adminA, { name: 'Busy pump' });
    let pending: TWebhookDelivery | undefined;
    for (let i = 0; i < 100 && !pending; i++) {
      pending = (await deliveries()).find((d) => d.state === 'pending' && d.attempts === 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pending).toMatchObject({ statusCode: 503, lastError: 'HTTP 503' });
    expect(pending!.nextAttemptAt).not.toBeNull();
    const refused = await post(
      `/api/admin/webhooks/${endpointId}/deliveries/${pending!.id}/redeliver`,
      w.headers.adminA,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.stillPending);
    receiver.failNext = [];
    await settled();
  });

  it('a turned-off endpoint fails its waiting delivery without sending it, and gets no new ones', async () => {
    const requests = receiver.requests;
    receiver.failNext = [500];
    await createAssetViaApi(w.app, w.headers.adminA, { name: 'Switched off pump' });
    let waiting: TWebhookDelivery | undefined;
    for (let i = 0; i < 100 && !waiting; i++) {
      waiting = (await deliveries()).find((d) => d.state === 'pending' && d.attempts === 1);
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const url = `/api/admin/webhooks/${endpointId}`;
    const off = { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES], enabled: false };
    const put = await w.app.inject({ method: 'PUT', url, headers: w.headers.adminA, payload: off });
    expect(put.statusCode).toBe(200);
    await createAssetViaApi(w.app, w.headers.adminA, { name: 'Unheard pump' });
    const list = await settled();
    expect(list.find((d) => d.id === waiting!.id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'The endpoint is turned off.',
      responseTimeMs: null,
    });
    expect(list[0]!.id).toBe(waiting!.id);
    expect(receiver.requests).toBe(requests + 1);
    const on = await w.app.inject({
      method: 'PUT',
      url,
      headers: w.headers.adminA,
      payload: { ...off, enabled: true },
    });
    expect(on.statusCode).toBe(200);
  });

  it('fails a delivery after its last attempt, with no further job', async () => {
    receiver.failNext = [500];
    await createAssetViaApi(w.app, w.headers.adminA, { name: 'Last try pump' });
    const [row] = await w.db
      .select()
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.createdAt)
      .then((rows) => rows.slice(-1));
    // Waits for the first attempt (the 500), then plays the round's last one by hand.
    for (let i = 0; i < 100; i++) {
      const [current] = await w.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
      if (current!.attempts === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await w.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(eq(webhookDeliveries.id, row!.id));
    receiver.failNext = [502];
    // As the job runner runs it: in the system scope (ADR 066).
    await asSystem(() =>
      attemptDelivery(w.app.webhooks, { deliveryId: row!.id, attempt: WEBHOOK_MAX_ATTEMPTS, first: 1 }),
    );
    const [failed] = await w.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      statusCode: 502,
      nextAttemptAt: null,
    });
    const queued = await w.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    // No attempt after the last (the retry queued by the first attempt will find it settled and end).
    const later = queued.filter(
      (job) => job.data.deliveryId === row!.id && Number(job.data.attempt) > WEBHOOK_MAX_ATTEMPTS,
    );
    expect(later).toEqual([]);
    expect([1, 2, 3, 7].map((n) => retryDelayMs(10_000, n))).toEqual([10_000, 30_000, 90_000, 7_290_000]);
  });

  it('sends task.overdue once per task, when its due date passes', async () => {
    const admin = w.headers.adminA;
    // The first scan only notes the day: tasks overdue before it are not sent.
    await emitOverdueTasks(w.db, clock.now());
    const asset = await createAssetViaApi(w.app, admin, { name: 'Overdue pump' });
    const task = async (title: string, dueOn: string) => {
      const created = await post(`/api/assets/${asset.id}/events`, admin, { title });
      await w.db.update(maintenanceEvents).set({ dueOn }).where(eq(maintenanceEvents.id, created.json().id));
      return created.json().id as string;
    };
    const dueToday = await task('Due today', '2026-03-10');
    await task('Long overdue', '2026-03-01');
    const done = await task('Done in time', '2026-03-10');
    expect((await post(`/api/assets/${asset.id}/events/${done}/complete`, admin)).statusCode).toBe(200);
    await receiver.waitFor(receiver.received.length);
    await settled();
    const overdueBefore = receiver.received.filter((m) => m.type === 'task.overdue').length;

    clock.freeze(new Date('2026-03-11T12:00:00Z'));
    await Promise.all([emitOverdueTasks(w.db, clock.now()), emitOverdueTasks(w.db, clock.now())]);
    await emitOverdueTasks(w.db, clock.now());
    clock.freeze(new Date('2026-03-12T12:00:00Z'));
    await emitOverdueTasks(w.db, clock.now());
    await settled();
    const overdue = receiver.received.filter((m) => m.type === 'task.overdue').slice(overdueBefore);
    expect(overdue.map((m) => m.data)).toEqual([
      expect.objectContaining({
        taskId: dueToday,
        assetId: asset.id,
        dueOn: '2026-03-10',
        status: 'Pending',
      }),
    ]);
  });
});

describe('a delivery refused at send time (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES off)', () => {
  it('never connects to a host that resolves to a loopback address', async () => {
    const before = receiver.requests;
    const url = receiver.url.replace('http://127.0.0.1', 'https://localhost');
    const outcome = await sendWebhook(
      { url, secret: receiver.secret!, messageId: 'msg_rebound', body: '{}' },
      { allowPrivate: false, now: new Date() },
    );
    expect(outcome).toMatchObject({ error: WEBHOOK_MESSAGES.urlPrivate });
    expect(receiver.requests).toBe(before);
  });
});

describe('a crash before the delivery', () => {
  let t: TestApp;
  let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
  let own: TestWebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp({ webhooksAllowPrivateAddresses: true });
    own = await startWebhookReceiver();
  });
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
    await own?.close();
  });

  it('the delivery written with the change is sent by the next instance on the same database', async () => {
    const { orgA } = await createTwoOrganizations(t.db);
    const admin = (await loginAs(t.app, orgA.admin)).headers;
    await subscribeReceiver(t.app, admin, own, ['asset.created']);
    // The instance's job runner stops (as if it died) before the change's delivery runs.
    await t.app.jobs.stop();
    await createAssetViaApi(t.app, admin, { name: 'Crash pump' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(own.requests).toBe(0);
    await t.app.close();
    restarted = await buildApp(t.config, {
      database: t.database,
      logger: false,
      bootstrap: false,
      sweepUploads: false,
      scheduleEngine: false,
    });
    await restarted.ready();
    const [message] = await own.waitFor(1);
    expect(message).toMatchObject({
      type: 'asset.created',
      data: expect.objectContaining({ name: 'Crash pump' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(own.verifiedIds).toHaveLength(1);
  });
});
