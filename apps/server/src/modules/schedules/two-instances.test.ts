import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { repeatingJobId } from '#server/jobs/job-runner.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createTwoOrganizations, loginAs } from '#server/test/fixtures.ts';
import { scheduleBody } from '#server/test/schedule-fixtures.ts';
import { startTwoInstances, type TwoInstances } from '#server/test/two-instances.ts';
import { runScheduleEngine } from './engine.ts';
import { SCHEDULE_ENGINE_QUEUE } from './jobs.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two app instances on one PostgreSQL database (the deployment with several instances), each with its
 * own connection pool, clock and job runner; the clocks are moved together.
 */
describe.runIf(Boolean(adminUrl))('two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  let apps: TwoInstances['apps'];
  let handles: TwoInstances['handles'];
  let clocks: TwoInstances['clocks'];

  beforeAll(async () => {
    // The engine's repeating job runs on both, as in production.
    two = await startTwoInstances(adminUrl!, {}, { scheduleEngine: true });
    ({ apps, handles, clocks } = two);
  }, 60_000);

  afterAll(() => two?.close());

  it('keep one engine job between them and, run together again and again, create each task once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    await vi.waitFor(async () => {
      const repeating = await handles[0]!.db.select().from(jobs);
      expect(repeating.filter((job) => job.queue === SCHEDULE_ENGINE_QUEUE).map((job) => job.id)).toEqual([
        repeatingJobId(SCHEDULE_ENGINE_QUEUE),
      ]);
    });

    const { orgA } = await createTwoOrganizations(handles[0]!.db);
    const admin = (await loginAs(first, orgA.admin)).headers;
    for (const clock of clocks) clock.freeze(new Date('2026-01-01T08:00:00Z'));
    const assets = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createAssetViaApi(first, admin, { name: `Pump ${i}` })),
    );
    const result = await first.inject({
      method: 'POST',
      url: '/api/admin/schedules/apply',
      headers: admin,
      payload: {
        ...scheduleBody(assets[0]!.id, {
          recurrence: { pattern: 'interval', every: 1, unit: 'day' },
          startsOn: '2026-01-02',
        }),
        assetIds: assets.map((asset) => asset.id),
      },
    });
    expect(result.statusCode).toBe(201);
    // A second instance sees the schedules the first one made.
    const seen = await second.inject({ url: `/api/schedules?assetId=${assets[3]!.id}`, headers: admin });
    expect(seen.json()).toHaveLength(1);

    // Ten days, both engines at once each day (and their own jobs meanwhile).
    let created = 0;
    for (let day = 2; day <= 11; day++) {
      const now = new Date(`2026-01-${String(day).padStart(2, '0')}T08:00:00Z`);
      for (const clock of clocks) clock.freeze(now);
      const runs = await Promise.all(apps.map((app) => runScheduleEngine(app.db, app.clock)));
      created += runs.reduce((sum, run) => sum + run.tasksCreated, 0);
    }
    const counted = (await handles[1]!.db.execute(sql`
      select count(*)::int as tasks, count(distinct (schedule_id, due_on))::int as distinct_tasks
      from maintenance_events where schedule_id is not null`)) as unknown as {
      rows: { tasks: number; distinct_tasks: number }[];
    };
    expect(counted.rows[0]).toEqual({ tasks: 300, distinct_tasks: 300 });
    expect(created).toBeLessThanOrEqual(300);
  }, 120_000);
});
