import { OCCURRED_AT_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { eventChangeEntries, maintenanceEvents } from '#server/db/schema.ts';
import { CLOCK_SKEW_MS } from '#server/lib/client-time.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { auditEntriesOf, createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// ADR 085: work recorded offline is stamped with the time it was done, sent with it, within bounds.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });
afterEach(() => clock.reset());

const MINUTE = 60_000;
const plus = (instant: string | Date, ms: number) => new Date(new Date(instant).getTime() + ms).toISOString();

type Headers = Record<string, string>;
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const eventsUrl = (assetId: string) => `/api/assets/${assetId}/events`;
const taskUrl = (assetId: string, eventId: string, action: 'start' | 'complete') =>
  `/api/assets/${assetId}/events/${eventId}/${action}`;

const eventRow = async (id: string) =>
  (await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, id)))[0]!;

/** An asset of organization A (created now, by the database's clock); the app's clock two hours later, frozen. */
async function assetSentLater() {
  const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Boiler' });
  const createdAt: string = asset.createdAt;
  const syncedAt = new Date(Date.parse(createdAt) + 120 * MINUTE);
  clock.freeze(syncedAt);
  return { asset, createdAt, syncedAt };
}

async function createTask(assetId: string, payload: object = {}) {
  const response = await post(t.headers.memberA, eventsUrl(assetId), { title: 'Check pressure', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; performedAt: string; taskStartedAt: string | null };
}

const refusedOn = (message: string) => ({
  code: 'VALIDATION',
  message,
  fields: [{ path: 'occurredAt', message }],
});

describe('a write sent later keeps the time it was done', () => {
  it('an event, a start and a completion: their own times, the audit entries the time they arrived', async () => {
    const { asset, createdAt, syncedAt } = await assetSentLater();
    const recorded = plus(createdAt, 10 * MINUTE);
    const event = await createTask(asset.id, { occurredAt: recorded });
    expect(event.performedAt).toBe(recorded);
    expect((await eventRow(event.id)).createdAt.toISOString()).toBe(recorded);

    const startedAt = plus(createdAt, 20 * MINUTE);
    const started = await post(t.headers.memberA, taskUrl(asset.id, event.id, 'start'), {
      occurredAt: startedAt,
    });
    expect(started.json()).toMatchObject({ taskStatus: 'InProgress', taskStartedAt: startedAt });

    const completedAt = plus(createdAt, 30 * MINUTE);
    const completed = await post(t.headers.memberA, taskUrl(asset.id, event.id, 'complete'), {
      occurredAt: completedAt,
    });
    expect(completed.json()).toMatchObject({
      taskStatus: 'Completed',
      taskStartedAt: startedAt,
      taskCompletedAt: completedAt,
      updatedAt: completedAt,
    });
    expect(syncedAt.getTime()).toBeGreaterThan(Date.parse(completedAt));

    // The audit log says when each change reached the server, and the time the device gave.
    const audits = (await auditEntriesOf(t.db, t.orgA.organization.id, event.id)).reverse();
    expect(audits.map((entry) => [entry.action, JSON.parse(entry.changes ?? 'null')])).toEqual([
      ['CREATE', { created: true, occurredAt: recorded }],
      ['START_TASK', { status: 'InProgress', occurredAt: startedAt }],
      ['COMPLETE_TASK', { status: 'Completed', occurredAt: completedAt }],
    ]);
  });

  it('a new event started at once: created, performed and started when it was recorded', async () => {
    const { asset, createdAt } = await assetSentLater();
    const recorded = plus(createdAt, 5 * MINUTE);
    const event = await createTask(asset.id, { occurredAt: recorded, startTask: true });
    expect(event).toMatchObject({ performedAt: recorded, taskStartedAt: recorded });
    // A performedAt typed in the form is the event's own date, as online.
    const typed = '2020-01-02T03:04:05.000Z';
    expect(await createTask(asset.id, { occurredAt: recorded, performedAt: typed })).toMatchObject({
      performedAt: typed,
    });
  });

  it('an edit: its change log line and the event’s updatedAt are when it was made', async () => {
    const { asset, createdAt } = await assetSentLater();
    const event = await createTask(asset.id, { occurredAt: plus(createdAt, MINUTE) });
    const editedAt = plus(createdAt, 3 * MINUTE);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${eventsUrl(asset.id)}/${event.id}`,
      headers: t.headers.memberA,
      payload: { title: 'Check pressure', notes: 'Seal replaced.', occurredAt: editedAt },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      updatedAt: editedAt,
      changeLog: [{ changedAt: editedAt, changes: ['Notes updated'] }],
    });
    const [entry] = await t.db
      .select()
      .from(eventChangeEntries)
      .where(eq(eventChangeEntries.eventId, event.id));
    expect(entry!.changedAt.toISOString()).toBe(editedAt);
  });

  it('without a time, a write is stamped when it arrives, as before', async () => {
    const { asset, syncedAt } = await assetSentLater();
    const event = await createTask(asset.id, { startTask: true });
    expect(event).toMatchObject({
      performedAt: syncedAt.toISOString(),
      taskStartedAt: syncedAt.toISOString(),
    });
    const completed = await post(t.headers.memberA, taskUrl(asset.id, event.id, 'complete'), {});
    expect(completed.json()).toMatchObject({ taskCompletedAt: syncedAt.toISOString() });
    const audits = await auditEntriesOf(t.db, t.orgA.organization.id, event.id);
    expect(audits.map((entry) => entry.changes).sort()).toEqual([
      '{"created":true}',
      '{"status":"Completed"}',
    ]);
  });
});

describe('the bounds of a time sent later', () => {
  it('refuses a time in the future past the allowance for clock skew, naming occurredAt, and writes nothing', async () => {
    const { asset, createdAt, syncedAt } = await assetSentLater();
    const event = await createTask(asset.id, { occurredAt: plus(createdAt, MINUTE) });
    const ahead = plus(syncedAt, CLOCK_SKEW_MS + 1000);
    const refusedEvent = await post(t.headers.memberA, eventsUrl(asset.id), {
      title: 'Later',
      occurredAt: ahead,
    });
    expect(refusedEvent.statusCode).toBe(400);
    expect(refusedEvent.json()).toMatchObject(refusedOn(OCCURRED_AT_MESSAGES.future));
    const refusedTask = await post(t.headers.memberA, taskUrl(asset.id, event.id, 'complete'), {
      occurredAt: ahead,
    });
    expect(refusedTask.statusCode).toBe(400);
    expect(refusedTask.json()).toMatchObject(refusedOn(OCCURRED_AT_MESSAGES.future));
    expect(await eventRow(event.id)).toMatchObject({ taskStatus: 'Pending', taskCompletedAt: null });
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, event.id)).toHaveLength(1);
  });

  it('takes a time a little in the future (a device clock ahead) as now', async () => {
    const { asset, syncedAt } = await assetSentLater();
    const event = await createTask(asset.id, { occurredAt: plus(syncedAt, CLOCK_SKEW_MS - 1000) });
    expect(event.performedAt).toBe(syncedAt.toISOString());
  });

  it('refuses a time before the asset was created, and takes one just before as its creation', async () => {
    const { asset, createdAt } = await assetSentLater();
    const before = await post(t.headers.memberA, eventsUrl(asset.id), {
      title: 'Before',
      occurredAt: plus(createdAt, -CLOCK_SKEW_MS - 1000),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject(refusedOn(OCCURRED_AT_MESSAGES.beforeAsset));
    const justBefore = await createTask(asset.id, { occurredAt: plus(createdAt, -MINUTE) });
    expect(justBefore.performedAt).toBe(createdAt);
  });

  it('refuses a start or completion before its event was recorded', async () => {
    const { asset, createdAt } = await assetSentLater();
    const recorded = plus(createdAt, 60 * MINUTE);
    const event = await createTask(asset.id, { occurredAt: recorded });
    for (const action of ['start', 'complete'] as const) {
      const response = await post(t.headers.memberA, taskUrl(asset.id, event.id, action), {
        occurredAt: plus(recorded, -CLOCK_SKEW_MS - 1000),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(refusedOn(OCCURRED_AT_MESSAGES.beforeEvent));
    }
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${eventsUrl(asset.id)}/${event.id}`,
      headers: t.headers.memberA,
      payload: { title: 'Renamed', occurredAt: plus(recorded, -CLOCK_SKEW_MS - 1000) },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject(refusedOn(OCCURRED_AT_MESSAGES.beforeEvent));
    expect(await eventRow(event.id)).toMatchObject({ title: 'Check pressure', taskStatus: 'Pending' });
  });

  it('stamps a completion done before a start recorded meanwhile by someone else at that start', async () => {
    const { asset, createdAt } = await assetSentLater();
    const event = await createTask(asset.id, { occurredAt: plus(createdAt, MINUTE) });
    // The administrator started the task at 20 minutes; the member had completed it at 10, offline.
    const startedAt = plus(createdAt, 20 * MINUTE);
    await post(t.headers.adminA, taskUrl(asset.id, event.id, 'start'), { occurredAt: startedAt });
    const completed = await post(t.headers.memberA, taskUrl(asset.id, event.id, 'complete'), {
      occurredAt: plus(createdAt, 10 * MINUTE),
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ taskStartedAt: startedAt, taskCompletedAt: startedAt });
  });

  it('refuses a time that is not a date and time with an offset', async () => {
    const { asset } = await assetSentLater();
    for (const occurredAt of ['yesterday', '2026-03-10T10:00:00', 12]) {
      const response = await post(t.headers.memberA, eventsUrl(asset.id), { title: 'X', occurredAt });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject([
        { path: 'occurredAt', message: OCCURRED_AT_MESSAGES.invalid },
      ]);
    }
  });

  it("answers 404 for another organization's asset or event, whatever the time", async () => {
    const { asset, createdAt } = await assetSentLater();
    const event = await createTask(asset.id, { occurredAt: plus(createdAt, MINUTE) });
    const far = plus(createdAt, -365 * 24 * 60 * MINUTE);
    const foreign = await post(t.headers.memberB, taskUrl(asset.id, event.id, 'complete'), {
      occurredAt: far,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignEvent = await post(t.headers.memberB, eventsUrl(asset.id), { title: 'X', occurredAt: far });
    expect(foreignEvent.statusCode).toBe(404);
    const ownAsset = await createAssetViaApi(t.app, t.headers.memberB, { name: 'B pump' });
    const crossed = await post(t.headers.memberB, taskUrl(ownAsset.id, event.id, 'start'), {
      occurredAt: far,
    });
    expect(crossed.statusCode).toBe(404);
    expect(await eventRow(event.id)).toMatchObject({ taskStatus: 'Pending' });
  });
});
