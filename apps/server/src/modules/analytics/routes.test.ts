import {
  ANALYTICS_HISTORY_LIMIT,
  ANALYTICS_MESSAGES,
  ANALYTICS_TEAM_LIMIT,
  type TDashboardAnalytics,
} from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { assets, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, type FixtureUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

type Headers = Record<string, string>;
const URL = '/api/admin/dashboard/analytics';

const t = tenantWorld();

const analytics = (who: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: who });

async function post(who: Headers, url: string, payload: object = {}) {
  const response = await t.app.inject({ method: 'POST', url, headers: who, payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  // Org A through the API: the member starts a task and completes another; one stays open.
  const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler room pump' });
  const events = `/api/assets/${asset.id}/events`;
  const first = await post(t.headers.adminA, events, { title: 'Replace seal' });
  await post(t.headers.memberA, `${events}/${first.id}/start`);
  await post(t.headers.memberA, `${events}/${first.id}/complete`);
  const second = await post(t.headers.adminA, events, { title: 'Check pressure' });
  await post(t.headers.memberA, `${events}/${second.id}/start`);
});

describe('GET /api/admin/dashboard/analytics', () => {
  it('answers the administrator the figures of their organization, from real task actions', async () => {
    const response = await analytics(t.headers.adminA);
    expect(response.statusCode).toBe(200);
    const body: TDashboardAnalytics = response.json();
    expect(body).toMatchObject({ rangeDays: 30, turnaroundDays: 14, timeZone: 'UTC' });
    expect(body.summary).toMatchObject({ completedEvents: 1, activeJobs: 1, activeUsers: 1 });
    expect(body.maintenanceHistory).toEqual([
      expect.objectContaining({ assetName: 'Boiler room pump', title: 'Replace seal', recordedBy: null }),
    ]);
    expect(body.turnaroundMetrics.map((m) => [m.label, m.sampleSize])).toEqual([
      ['Overall', 1],
      ['Boiler room pump', 1],
    ]);
    expect(body.userPerformance).toEqual([
      expect.objectContaining({
        displayName: 'Member A',
        email: t.orgA.member.email,
        activeJobs: 1,
        completedJobs: 1,
      }),
    ]);
    expect(body.historyBuckets).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 1 }]);
  });

  it('refuses members (403) and anonymous callers (401), whatever the query', async () => {
    expect((await analytics(t.headers.memberA)).statusCode).toBe(403);
    expect((await analytics(t.headers.memberA, '?rangeDays=abc')).statusCode).toBe(403);
    expect((await analytics({})).statusCode).toBe(401);
  });

  it("never shows another organization's work", async () => {
    const body: TDashboardAnalytics = (await analytics(t.headers.adminB)).json();
    expect(body.summary).toEqual({
      completedEvents: 0,
      averageTurnaroundHours: null,
      activeJobs: 0,
      activeUsers: 0,
    });
    expect(body.maintenanceHistory).toEqual([]);
    expect(body.turnaroundMetrics).toEqual([]);
    expect(body.userPerformance).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('Boiler room pump');
  });

  it("gives a super administrator their own organization's figures", async () => {
    const body: TDashboardAnalytics = (await analytics(t.headers.superA)).json();
    expect(body.summary.completedEvents).toBe(1);
  });

  it('rounds and clamps the day counts to 1..365 and 1..90', async () => {
    const cases: [string, number, number][] = [
      ['?rangeDays=0&turnaroundDays=-4', 1, 1],
      ['?rangeDays=1000&turnaroundDays=500', 365, 90],
      ['?rangeDays=2.6&turnaroundDays=7.4', 3, 7],
      ['?rangeDays=&turnaroundDays=', 30, 14],
    ];
    for (const [query, rangeDays, turnaroundDays] of cases) {
      const response = await analytics(t.headers.adminA, query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toMatchObject({ rangeDays, turnaroundDays });
    }
  });

  it('answers 400 with a clear message for a non-numeric day count or an unknown time zone', async () => {
    const range = await analytics(t.headers.adminA, '?rangeDays=month');
    expect(range.statusCode).toBe(400);
    expect(range.json().fields).toMatchObject([
      expect.objectContaining({ message: ANALYTICS_MESSAGES.rangeDaysInvalid }),
    ]);
    const zone = await analytics(t.headers.adminA, '?timeZone=Mars%2FOlympus');
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fields).toMatchObject([
      expect.objectContaining({ message: ANALYTICS_MESSAGES.timeZoneInvalid }),
    ]);
    const accepted = await analytics(t.headers.adminA, '?timeZone=Europe%2FBerlin');
    expect(accepted.json()).toMatchObject({ timeZone: 'Europe/Berlin' });
  });
});

describe('bounded lists', () => {
  it('lists the newest 100 events and the 50 busiest users, while the counts cover everyone', async () => {
    const organization = await createOrganization(t.db);
    const admin = await createUser(t.db, organization.id, { isAdmin: true });
    const people: FixtureUser[] = [];
    for (let i = 0; i < ANALYTICS_TEAM_LIMIT + 2; i++) people.push(await createUser(t.db, organization.id));
    const [asset] = await t.db
      .insert(assets)
      .values({ organizationId: organization.id, name: 'Conveyor', slug: 'conveyor' })
      .returning();
    const now = Date.now();
    const total = ANALYTICS_HISTORY_LIMIT + 5;
    await t.db.insert(maintenanceEvents).values(
      Array.from({ length: total }, (_, i) => {
        const completedAt = new Date(now - (i + 1) * 60_000);
        const person = people[i % people.length]!;
        return {
          organizationId: organization.id,
          assetId: asset!.id,
          title: `Job ${i}`,
          createdAt: new Date(completedAt.getTime() - 3600_000),
          taskStatus: 'Completed' as const,
          taskStartedAt: completedAt,
          taskStartedById: person.id,
          taskCompletedAt: completedAt,
          taskCompletedById: person.id,
        };
      }),
    );
    const body: TDashboardAnalytics = (await analytics((await loginAs(t.app, admin)).headers)).json();
    expect(body.summary).toMatchObject({
      completedEvents: total,
      averageTurnaroundHours: 1,
      activeUsers: people.length,
    });
    expect(body.maintenanceHistory).toHaveLength(ANALYTICS_HISTORY_LIMIT);
    expect(body.maintenanceHistory[0]!.title).toBe('Job 0');
    expect(body.userPerformance).toHaveLength(ANALYTICS_TEAM_LIMIT);
    // 105 jobs over 52 people: the first (105 − 2 × 52 = 1) person has 3, everyone else 2.
    expect(body.userPerformance[0]).toMatchObject({ userId: people[0]!.id, completedJobs: 3 });
  });
});
