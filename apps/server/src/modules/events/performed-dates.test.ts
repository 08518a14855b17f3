import { readdirSync, readFileSync } from 'node:fs';
import { addDays, DEFAULT_TIME_ZONE, EVENT_CSV_COLUMNS, localDate } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { maintenanceEvents } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// ADR 096: a planned task is performed when it is completed, not on the day it was due; until then
// it has a due date and no performed date.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });
afterEach(() => clock.reset());

const HOUR = 3_600_000;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.headers.memberA, payload });

/** An asset of organization A with a monthly schedule whose first task is due in 5 days (lead 7 days). */
async function plannedTask(name: string) {
  const asset = await createAssetViaApi(t.app, t.headers.adminA, { name });
  const today = localDate(clock.now(), DEFAULT_TIME_ZONE);
  const schedule = await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(asset.id, { startsOn: addDays(today, 5), leadDays: 7 }),
  );
  const [task] = await tasksOfSchedule(t.db, schedule.id);
  expect(task).toMatchObject({ taskStatus: 'Pending', dueOn: addDays(today, 5) });
  return { asset, task: task! };
}

const eventRow = async (id: string) =>
  (await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, id)))[0]!;

describe('the performed date of a planned task', () => {
  it('is the moment it was completed, days before it was due', async () => {
    const { asset, task } = await plannedTask('Sprinkler valve');
    const completed = await post(`/api/assets/${asset.id}/events/${task.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    const event = completed.json();
    expect(event.taskCompletedAt).not.toBeNull();
    expect(event.performedAt).toBe(event.taskCompletedAt);
    expect((await eventRow(task.id)).performedAt.toISOString()).toBe(event.taskCompletedAt);

    const page = await t.app.inject({ url: `/public/orgs/${t.orgA.organization.id}/assets/${asset.slug}` });
    expect(page.json().events[0]).toMatchObject({
      performedAt: event.taskCompletedAt,
      dueOn: task.dueOn,
      taskStatus: 'Completed',
    });
  });

  it('is the time the work was done when a device sends the completion later', async () => {
    const { asset, task } = await plannedTask('Fire door');
    const started = await post(`/api/assets/${asset.id}/events/${task.id}/start`);
    const doneAt = new Date(Date.parse(started.json().taskStartedAt) + HOUR);
    clock.freeze(new Date(doneAt.getTime() + 2 * HOUR));
    const completed = await post(`/api/assets/${asset.id}/events/${task.id}/complete`, {
      occurredAt: doneAt.toISOString(),
    });
    expect(completed.json()).toMatchObject({
      taskCompletedAt: doneAt.toISOString(),
      performedAt: doneAt.toISOString(),
    });
  });

  it('stays as a person gave it on a task recorded by hand', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Ladder' });
    const performedAt = '2026-01-05T09:00:00.000Z';
    const created = await post(`/api/assets/${asset.id}/events`, { title: 'Check rungs', performedAt });
    const completed = await post(`/api/assets/${asset.id}/events/${created.json().id}/complete`);
    expect(completed.json()).toMatchObject({ taskStatus: 'Completed', performedAt });
  });

  it('is left out of the history export while the task is open; its due date is there', async () => {
    const { asset, task } = await plannedTask('Extinguisher 4');
    const other = await plannedTask('Extinguisher 5');
    const completed = await post(`/api/assets/${other.asset.id}/events/${other.task.id}/complete`);
    const from = new Date(clock.now().getTime() - 24 * HOUR).toISOString();
    const to = new Date(clock.now().getTime() + 40 * 24 * HOUR).toISOString();
    const response = await t.app.inject({
      url: `/api/exports/events.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      headers: t.headers.memberA,
    });
    const records = parse(response.body, { bom: true }) as string[][];
    const header = records[0]!;
    expect(header.slice(0, EVENT_CSV_COLUMNS.length)).toEqual([...EVENT_CSV_COLUMNS]);
    const cell = (record: string[], column: string) => record[header.indexOf(column)];
    const open = records.find((record) => record[0] === asset.slug)!;
    expect([cell(open, 'Status'), cell(open, 'Performed at'), cell(open, 'Due on')]).toEqual([
      'Pending',
      '',
      task.dueOn,
    ]);
    const done = records.find((record) => record[0] === other.asset.slug)!;
    expect([cell(done, 'Status'), cell(done, 'Performed at'), cell(done, 'Due on')]).toEqual([
      'Completed',
      completed.json().taskCompletedAt,
      other.task.dueOn,
    ]);
  });
});

describe('the migration of planned tasks completed before', () => {
  it('moves a completed planned task off its due date onto its completion, and nothing else', async () => {
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(migrations).find((name) =>
      name.endsWith('_planned_tasks_performed_when_completed.sql'),
    )!;
    const migration = readFileSync(new URL(file, migrations), 'utf8');
    const { asset, task } = await plannedTask('Hose reel');
    const other = await plannedTask('Hose reel 2');
    for (const id of [task.id, other.task.id]) {
      await post(`/api/assets/${(id === task.id ? asset : other.asset).id}/events/${id}/complete`);
    }
    // As completed before ADR 096: the engine's placeholder, and one a person set by hand.
    const placeholder = task.performedAt;
    const byHand = new Date('2026-02-03T10:00:00.000Z');
    await t.db
      .update(maintenanceEvents)
      .set({ performedAt: placeholder })
      .where(eq(maintenanceEvents.id, task.id));
    await t.db
      .update(maintenanceEvents)
      .set({ performedAt: byHand })
      .where(eq(maintenanceEvents.id, other.task.id));

    await t.db.execute(sql.raw(migration));
    const moved = await eventRow(task.id);
    expect(moved.performedAt).not.toEqual(placeholder);
    expect(moved.performedAt).toEqual(moved.taskCompletedAt);
    expect((await eventRow(other.task.id)).performedAt).toEqual(byHand);
  });
});
