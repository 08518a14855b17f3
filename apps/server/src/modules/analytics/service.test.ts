import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, maintenanceEvents } from '#server/db/schema.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createTwoOrganizations,
  createUser,
  type FixtureUser,
  type OrgFixture,
} from '#server/test/fixtures.ts';
import { type AnalyticsRequest, dashboardAnalytics } from './service.ts';

// A hand-computed dataset. NOW is the end of both periods; times are hours (or days) before it.
const NOW = new Date('2026-06-15T12:00:00.000Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;
let tech: FixtureUser;
let nightShift: FixtureUser;
const assetIds = new Map<string, string>();

type Who = 'admin' | 'member' | 'tech' | 'night';
interface Job {
  asset: string;
  /** Event creation. */
  created: Date;
  started?: [Date, Who];
  completed?: [Date, Who];
}

function userOf(who: Who): FixtureUser {
  return { admin: orgA.admin, member: orgA.member, tech, night: nightShift }[who];
}

async function insertJob(job: Job, organizationId = orgA.organization.id, title = `${job.asset} service`) {
  const [started, startedBy] = job.started ?? [null, null];
  const [completed, completedBy] = job.completed ?? [null, null];
  await t.db.insert(maintenanceEvents).values({
    organizationId,
    assetId: assetIds.get(job.asset)!,
    title,
    recordedBy: 'Field crew',
    performedAt: job.created,
    createdAt: job.created,
    taskStatus: completed ? 'Completed' : started ? 'InProgress' : 'Pending',
    taskStartedAt: started,
    taskStartedById: startedBy ? userOf(startedBy).id : null,
    taskCompletedAt: completed,
    taskCompletedById: completedBy ? userOf(completedBy).id : null,
  });
}

/** A completed job: created `turnaround` hours before completion, started `lead` hours before it. */
function done(asset: string, completedAt: Date, turnaround: number, lead: number, who: Who): Job {
  const at = completedAt.getTime();
  return {
    asset,
    created: new Date(at - turnaround * HOUR),
    started: [new Date(at - lead * HOUR), who],
    completed: [completedAt, who],
  };
}

// In the 30-day range; * marks the 14-day turnaround window.
const JOBS: Job[] = [
  done('Pump', before(40 * HOUR), 10, 8, 'member'), // *
  done('Pump', before(10 * HOUR), 20, 19, 'member'), // *
  done('Pump', before(3 * HOUR), 3, 2, 'tech'), // *
  done('Valve', before(24 * HOUR), 76, 66, 'tech'), // *
  done('Valve', before(1 * HOUR), 19, 19, 'admin'), // *
  done('Boiler', before(460 * HOUR), 20, 10, 'member'),
  done('Boiler', before(30 * DAY), 4, 1, 'tech'), // exactly at the range's start: in
  done('Fan', before(14 * DAY), 12, 2, 'member'), // * exactly at the window's start: in
  done('Chiller', before(14 * DAY + 1000), 6, 3, 'admin'), // a second before the window
  done('Compressor', before(2 * HOUR), 6, 5, 'member'), // *
  done('Drain', before(4 * HOUR), 5, 4, 'tech'), // *
  done('Elevator', before(2 * HOUR), 1, 1, 'admin'), // *
  done('Boiler', before(5 * DAY), 2, 1, 'member'), // *
  done('Chiller', before(25 * DAY), 8, 2, 'tech'),
  // Outside the range: a millisecond too old, and (with a fixed NOW) one in the future.
  done('Fan', before(30 * DAY + 1), 24, 1, 'tech'),
  done('Fan', new Date(NOW.getTime() + HOUR), 2, 1, 'tech'),
  // Open tasks: two started (one long ago, still active), one never started.
  { asset: 'Chiller', created: before(401 * DAY), started: [before(400 * DAY), 'member'] },
  { asset: 'Valve', created: before(3 * HOUR), started: [before(2 * HOUR), 'tech'] },
  { asset: 'Drain', created: before(2 * HOUR), started: [before(1 * HOUR), 'night'] },
  { asset: 'Pump', created: before(5 * HOUR) },
];

function request(overrides: Partial<AnalyticsRequest> = {}): AnalyticsRequest {
  return {
    organizationId: orgA.organization.id,
    rangeDays: 30,
    turnaroundDays: 14,
    timeZone: 'UTC',
    organizationTimeZone: 'UTC',
    now: NOW,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ orgA, orgB } = await createTwoOrganizations(t.db));
  tech = await createUser(t.db, orgA.organization.id, { displayName: 'Tech A' });
  nightShift = await createUser(t.db, orgA.organization.id, { displayName: 'Night shift A' });
  await createUser(t.db, orgA.organization.id, { displayName: 'Idle A' });
  const names = ['Pump', 'Valve', 'Boiler', 'Fan', 'Chiller', 'Compressor', 'Drain', 'Elevator'];
  for (const name of names) {
    const [row] = await t.db
      .insert(assets)
      .values({ organizationId: orgA.organization.id, name, slug: name.toLowerCase() })
      .returning();
    assetIds.set(name, row!.id);
  }
  for (const job of JOBS) await insertJob(job);

  // Organization B: one completed job and one open task, in the same periods.
  const [bAsset] = await t.db
    .insert(assets)
    .values({ organizationId: orgB.organization.id, name: 'B pump', slug: 'b-pump' })
    .returning();
  assetIds.set('B pump', bAsset!.id);
  const b = orgB.organization.id;
  await t.db.insert(maintenanceEvents).values([
    {
      organizationId: b,
      assetId: bAsset!.id,
      title: 'B job',
      createdAt: before(5 * HOUR),
      taskStatus: 'Completed',
      taskStartedAt: before(4 * HOUR),
      taskStartedById: orgB.admin.id,
      taskCompletedAt: before(1 * HOUR),
      taskCompletedById: orgB.admin.id,
    },
    {
      organizationId: b,
      assetId: bAsset!.id,
      title: 'B open',
      taskStatus: 'InProgress',
      taskStartedAt: before(1 * HOUR),
      taskStartedById: orgB.member.id,
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('dashboardAnalytics on a hand-computed dataset', () => {
  it('counts the completed events of the range, edges included, with their average turnaround', async () => {
    const result = await dashboardAnalytics(t.db, request());
    // 14 jobs in range; turnarounds 10+20+3+76+19+20+4+12+6+6+5+1+2+8 = 192 hours.
    expect(result.summary.completedEvents).toBe(14);
    expect(result.summary.averageTurnaroundHours).toBeCloseTo(192 / 14, 9);
    expect(result.maintenanceHistory).toHaveLength(14);
    expect(result).toMatchObject({ rangeDays: 30, turnaroundDays: 14, timeZone: 'UTC' });
  });

  it('reads the same figures statement by statement (the embedded database) as in one snapshot', async () => {
    const snapshot = await dashboardAnalytics(t.db, request());
    const statements = await dashboardAnalytics(t.db, { ...request(), figuresRead: 'statements' });
    expect(statements).toEqual(snapshot);
    expect(statements.summary.completedEvents).toBe(14);
  });

  it('lists the history newest first with each event turnaround and asset', async () => {
    const { maintenanceHistory: history } = await dashboardAnalytics(t.db, request());
    const completed = history.map((event) => Date.parse(event.taskCompletedAt!));
    expect(completed).toEqual([...completed].sort((a, b) => b - a));
    expect(history[0]).toMatchObject({
      assetId: assetIds.get('Valve'),
      assetName: 'Valve',
      assetSlug: 'valve',
      title: 'Valve service',
      recordedBy: 'Field crew',
      taskCompletedAt: before(HOUR).toISOString(),
      performedAt: before(20 * HOUR).toISOString(),
    });
    expect(history[0]!.turnaroundHours).toBeCloseTo(19, 9);
    const oldest = history.at(-1)!;
    expect(oldest.taskCompletedAt).toBe(before(30 * DAY).toISOString());
    expect(oldest.turnaroundHours).toBeCloseTo(4, 9);
  });

  it('computes Overall over the turnaround window, then the 5 busiest assets (ties: the asset recorded first)', async () => {
    const result = await dashboardAnalytics(t.db, request());
    // Window: 10 jobs, turnarounds 10+20+3+76+19+12+6+5+1+2 = 154 hours.
    const metrics = result.turnaroundMetrics.map((m) => [
      m.label,
      m.sampleSize,
      Number(m.averageHours.toFixed(6)),
    ]);
    expect(metrics).toEqual([
      ['Overall', 10, 15.4],
      ['Pump', 3, 11],
      ['Valve', 2, 47.5],
      ['Boiler', 1, 2],
      ['Fan', 1, 12],
      ['Compressor', 1, 6],
    ]);
    expect(result.turnaroundMetrics[0]!.assetId).toBeNull();
    expect(result.turnaroundMetrics[1]!.assetId).toBe(assetIds.get('Pump'));
    expect(result.overallTurnaroundHours).toBeCloseTo(15.4, 9);
  });

  it('credits lead time to whoever completed, counts open tasks to whoever started them', async () => {
    const result = await dashboardAnalytics(t.db, request());
    const team = result.userPerformance.map((u) => [
      u.displayName,
      u.completedJobs,
      u.activeJobs,
      u.averageLeadTimeHours === null ? null : Number(u.averageLeadTimeHours.toFixed(6)),
    ]);
    expect(team).toEqual([
      ['Member A', 6, 1, 7.5], // leads 8+19+10+2+5+1; the task started 400 days ago is still active
      ['Tech A', 5, 1, 15], // leads 2+66+1+4+2
      ['Admin A', 3, 0, Number((23 / 3).toFixed(6))], // leads 19+3+1
      ['Night shift A', 0, 1, null],
    ]);
    expect(result.userPerformance[0]).toMatchObject({ userId: orgA.member.id, email: orgA.member.email });
    expect(result.summary).toMatchObject({ activeUsers: 4, activeJobs: 3 });
  });

  it('groups the last 7 days with completions by calendar day in the requested time zone', async () => {
    const days = async (timeZone: string) =>
      (await dashboardAnalytics(t.db, request({ timeZone }))).historyBuckets.map(
        (b) => `${b.date}:${b.count}`,
      );
    // UTC has 8 such days; the oldest (2026-05-16) drops out.
    expect(await days('UTC')).toEqual([
      '2026-05-21:1',
      '2026-05-27:1',
      '2026-06-01:2',
      '2026-06-10:1',
      '2026-06-13:1',
      '2026-06-14:1',
      '2026-06-15:6',
    ]);
    // UTC-7: 02:00 UTC on the 15th is the evening of the 14th.
    expect((await days('America/Los_Angeles')).slice(-3)).toEqual([
      '2026-06-13:1',
      '2026-06-14:2',
      '2026-06-15:5',
    ]);
    // UTC+9: 20:00 UTC on the 13th is the morning of the 14th, so only 7 days have completions.
    expect(await days('Asia/Tokyo')).toEqual([
      '2026-05-16:1',
      '2026-05-21:1',
      '2026-05-27:1',
      '2026-06-01:2',
      '2026-06-10:1',
      '2026-06-14:2',
      '2026-06-15:6',
    ]);
  });

  it('reads a UTC offset as the zone it names: +09:00 is Tokyo, -07:00 Los Angeles in June, +05:30 Kolkata', async () => {
    const days = async (timeZone: string) =>
      (await dashboardAnalytics(t.db, request({ timeZone }))).historyBuckets.map(
        (b) => `${b.date}:${b.count}`,
      );
    expect(await days('+09:00')).toEqual(await days('Asia/Tokyo'));
    expect(await days('-07:00')).toEqual(await days('America/Los_Angeles'));
    // 20:00 UTC on the 13th is 01:30 on the 14th in India, whichever way the zone is written.
    const india = await days('Asia/Kolkata');
    expect(india).toContain('2026-06-14:2');
    expect(await days('+05:30')).toEqual(india);
    expect(await days('+0530')).toEqual(india);
  });

  it('follows the range and the window: one day, and the widest', async () => {
    const oneDay = await dashboardAnalytics(t.db, request({ rangeDays: 1, turnaroundDays: 1 }));
    // Completed within 24 hours: 10h, 3h, 24h (at the edge), 1h, 2h, 4h, 2h before NOW.
    expect(oneDay.summary.completedEvents).toBe(7);
    expect(oneDay.turnaroundMetrics[0]).toMatchObject({ label: 'Overall', sampleSize: 7 });
    expect(oneDay.userPerformance.find((u) => u.displayName === 'Member A')).toMatchObject({
      completedJobs: 2,
      activeJobs: 1,
    });
    const widest = await dashboardAnalytics(t.db, request({ rangeDays: 365, turnaroundDays: 90 }));
    expect(widest.summary.completedEvents).toBe(15); // the one 30 days and a millisecond old joins
    expect(widest.turnaroundMetrics[0]).toMatchObject({ sampleSize: 15 });
  });

  it('gives what the events give at any instant: partial hours from the events, whole hours and days from the roll-ups', async () => {
    // The jobs complete on NOW's hours; instants off the hour move them between the three readings
    // (ADR 107), and a job a millisecond inside or outside a period's end must count as the events say.
    const offsets = [
      1,
      -1,
      17 * 60_000 + 30_500,
      -(59 * 60_000 + 59_999),
      3 * HOUR + 1,
      -(10 * HOUR) + 1,
      DAY + 1,
    ];
    for (const offset of offsets) {
      const now = new Date(NOW.getTime() + offset);
      for (const days of [1, 14, 30]) {
        const from = now.getTime() - days * DAY;
        const inPeriod = JOBS.filter(
          (job) =>
            job.completed &&
            job.completed[0].getTime() >= from &&
            job.completed[0].getTime() <= now.getTime(),
        );
        const turnaround = (job: Job) => (job.completed![0].getTime() - job.created.getTime()) / HOUR;
        const result = await dashboardAnalytics(t.db, request({ now, rangeDays: days, turnaroundDays: 14 }));
        expect(result.summary.completedEvents, `${offset} ms, ${days} days`).toBe(inPeriod.length);
        if (inPeriod.length > 0) {
          const average = inPeriod.reduce((sum, job) => sum + turnaround(job), 0) / inPeriod.length;
          expect(result.summary.averageTurnaroundHours).toBeCloseTo(average, 9);
        }
        for (const who of ['admin', 'member', 'tech'] as const) {
          const theirs = inPeriod.filter((job) => job.completed![1] === who);
          const row = result.userPerformance.find((u) => u.userId === userOf(who).id);
          expect(row?.completedJobs ?? 0, `${who}, ${offset} ms, ${days} days`).toBe(theirs.length);
          if (theirs.length > 0) {
            const lead =
              theirs.reduce(
                (sum, job) => sum + (job.completed![0].getTime() - job.started![0].getTime()),
                0,
              ) /
              HOUR /
              theirs.length;
            expect(row!.averageLeadTimeHours).toBeCloseTo(lead, 9);
          }
        }
      }
    }
  });

  it('sees only its own organization', async () => {
    const result = await dashboardAnalytics(t.db, request({ organizationId: orgB.organization.id }));
    expect(result.summary).toEqual({
      completedEvents: 1,
      averageTurnaroundHours: 4,
      activeJobs: 1,
      activeUsers: 2,
    });
    expect(result.maintenanceHistory.map((e) => e.assetName)).toEqual(['B pump']);
    expect(result.turnaroundMetrics.map((m) => m.label)).toEqual(['Overall', 'B pump']);
    expect(result.userPerformance.map((u) => u.displayName)).toEqual(['Admin B', 'Member B']);
  });

  it('answers empty figures when nothing was completed', async () => {
    const farFuture = new Date(NOW.getTime() + 5 * 365 * DAY);
    const result = await dashboardAnalytics(t.db, request({ now: farFuture }));
    expect(result.summary).toEqual({
      completedEvents: 0,
      averageTurnaroundHours: null,
      activeJobs: 3, // open tasks stay active whatever the range
      activeUsers: 3,
    });
    expect(result.maintenanceHistory).toEqual([]);
    expect(result.historyBuckets).toEqual([]);
    expect(result.turnaroundMetrics).toEqual([]);
    expect(result.overallTurnaroundHours).toBeNull();
  });
});
