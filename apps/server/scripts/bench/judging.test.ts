import { describe, expect, it } from 'vitest';
import type { Tenant } from './dataset.ts';
import {
  judgeLatency,
  judgeMemoryAfterLoad,
  judgeMoves,
  MEMORY_AFTER_LOAD_WITHIN_IDLE,
  P99_WITHIN_P95,
} from './judging.ts';
import { LOCATION_P95_GOAL_MS, locationScenarios, scenariosFor } from './scenarios.ts';

const POSTGRES = { p95Ms: 50, p99Ms: 150 };
const EMBEDDED = { p99Ms: 150 };

describe('a latency row judged on its goals', () => {
  it('are p99 <= 3 × p95 on every row, and memory after load <= 1.5 × idle', () => {
    expect(P99_WITHIN_P95).toBe(3);
    expect(MEMORY_AFTER_LOAD_WITHIN_IDLE).toBe(1.5);
  });

  it('meets each goal at its limit: p95 50 of 50, p99 150 of 150 and 3× p95', () => {
    const verdict = judgeLatency({ p95: 50, p99: 150 }, POSTGRES);
    expect(verdict.missed).toEqual([]);
    expect(verdict.goals).toEqual([
      { name: 'p95', ok: true },
      { name: 'p99', ok: true },
      { name: 'p99/p95', ok: true },
    ]);
    expect(verdict.p99OverP95).toBe(3);
  });

  it('names each goal missed: a p99 over its goal, and a tail over 3× p95 though under the goal', () => {
    expect(judgeLatency({ p95: 40, p99: 151 }, POSTGRES).missed).toEqual(['p99', 'p99/p95']);
    expect(judgeLatency({ p95: 60, p99: 120 }, POSTGRES).missed).toEqual(['p95']);
    const tail = judgeLatency({ p95: 10, p99: 31 }, POSTGRES);
    expect(tail.missed).toEqual(['p99/p95']);
    expect(tail.p99OverP95).toBeCloseTo(3.1);
    expect(judgeLatency({ p95: 70, p99: 400 }, POSTGRES).missed).toEqual(['p95', 'p99', 'p99/p95']);
  });

  it('judges the embedded database on its p99 and tail only: its p95 is a ratio of PostgreSQL', () => {
    const verdict = judgeLatency({ p95: 80, p99: 140 }, EMBEDDED);
    expect(verdict.goals.map((goal) => goal.name)).toEqual(['p99', 'p99/p95']);
    expect(verdict.missed).toEqual([]);
    expect(judgeLatency({ p95: 80, p99: 160 }, EMBEDDED).missed).toEqual(['p99']);
  });

  it('counts a p95 under a millisecond as one (the timer reads whole milliseconds)', () => {
    expect(judgeLatency({ p95: 0, p99: 3 }, POSTGRES).missed).toEqual([]);
    expect(judgeLatency({ p95: 0, p99: 4 }, POSTGRES).missed).toEqual(['p99/p95']);
  });
});

describe('the resident memory after the latency rows', () => {
  it('meets its goal up to 1.5 × idle, and misses past it', () => {
    expect(judgeMemoryAfterLoad(150, 225)).toEqual({ ratio: 1.5, ok: true });
    expect(judgeMemoryAfterLoad(150, 120)).toEqual({ ratio: 0.8, ok: true });
    const missed = judgeMemoryAfterLoad(150, 332);
    expect(missed.ok).toBe(false);
    expect(missed.ratio).toBeCloseTo(2.21, 2);
  });

  it('misses when either figure could not be read', () => {
    expect(judgeMemoryAfterLoad(null, 200)).toEqual({ ratio: null, ok: false });
    expect(judgeMemoryAfterLoad(150, null)).toEqual({ ratio: null, ok: false });
  });
});

describe("the scenarios' p99 goals", () => {
  const tenant: Tenant = {
    label: 'big',
    organizationId: 'org',
    email: 'bench-0@example.com',
    assetCount: 1_000_000,
    sample: { id: 'asset', slug: 'slug' },
    rareTerm: 'rare',
    middleId: 'middle',
    fields: { location: 'location', serialNumber: 'serial' },
    longHistory: { id: 'long', slug: 'long-slug' },
    locations: {
      site: { id: 'site', assets: 300_000 },
      building: { id: 'building', assets: 50_000, locations: 475 },
      otherSiteId: 'site-2',
      floor: { id: 'floor', assets: 8000 },
      terms: { common: 'room', rare: 'cabinet 2225', words: 'plant 2 bay' },
    },
  };

  it('are 150 ms for lists, searches, tasks and the audit log, 60 ms for one asset, 500 ms for analytics', () => {
    const goals = Object.fromEntries(
      scenariosFor(tenant).map((s) => [s.name.replace(/page \d+/, 'page N'), s.p99GoalMs]),
    );
    expect(goals).toEqual({
      'asset list, first page': 150,
      'asset list, page N': 150,
      'asset list, after the middle': 150,
      'search, common term': 150,
      'asset list, filtered and sorted': 150,
      'asset list, filtered, by a field': 150,
      'search, rare term': 150,
      'asset detail': 60,
      'public asset page': 60,
      'pending tasks': 150,
      'audit log': 150,
      'analytics, default': 500,
      'analytics, 365/90 days': 500,
      'asset detail, long history': 60,
      'public page, long history': 60,
      'location page: the site': 150,
      'location page: inside it': 150,
      'location page: its assets': 150,
      'asset list by a floor': 150,
      'type-ahead, common word': 150,
      'type-ahead, rare words': 150,
      'type-ahead, three words': 150,
    });
  });

  it("ask a site's page and the list by location within 50 ms at p95, the type-ahead within 30 ms", () => {
    expect(LOCATION_P95_GOAL_MS).toEqual({ page: 50, typeAhead: 30 });
    const rows = locationScenarios(tenant);
    expect(scenariosFor(tenant)).toEqual(expect.arrayContaining(rows));
    expect(rows.map((s) => [s.path, s.p95GoalMs])).toEqual([
      ['/api/locations/site', 50],
      ['/api/locations?parentId=site&page=1&pageSize=200', 50],
      ['/api/assets?location=site&page=1&pageSize=50', 50],
      ['/api/assets?location=floor', 50],
      ['/api/locations/search?q=room', 30],
      ['/api/locations/search?q=cabinet+2225', 30],
      ['/api/locations/search?q=plant+2+bay', 30],
    ]);
  });
});

describe('the location moves', () => {
  const GOALS = { seconds: 2, ratio: 2 };

  it('judge the slowest move against the time goal and show the median', () => {
    const verdict = judgeMoves([300, 2000, 100, 500], { atRestP95: 10, duringP95: 20 }, GOALS);
    expect(verdict).toEqual({ medianMs: 400, slowestMs: 2000, ratio: 2, timeOk: true, ratioOk: true });
    expect(judgeMoves([300, 2001, 100], { atRestP95: 10, duringP95: 20 }, GOALS)).toMatchObject({
      medianMs: 300,
      timeOk: false,
    });
  });

  it("judge the list's p95 meanwhile as a ratio of at rest, a p95 under 1 ms counting as 1 ms", () => {
    expect(judgeMoves([100, 100], { atRestP95: 10, duringP95: 21 }, GOALS)).toMatchObject({
      ratio: 2.1,
      ratioOk: false,
    });
    expect(judgeMoves([100, 100], { atRestP95: 0, duringP95: 2 }, GOALS).ratioOk).toBe(true);
  });

  it('refuse to judge when no move was timed', () => {
    expect(() => judgeMoves([], { atRestP95: 1, duringP95: 1 }, GOALS)).toThrow();
  });
});
