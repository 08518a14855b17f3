import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_CONNECTIONS } from '#server/db/pglite-thread.ts';
import { jobs } from '#server/db/schema.ts';
import { IMPORT_JOBS } from '#server/modules/imports/jobs.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { promtoolCheckMetrics, shouldRunPromtool } from '#server/test/promtool.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';

const METRICS_TOKEN = 'scrape-me-please-0123456789';
const promtool = await shouldRunPromtool();

/** One sample of the Prometheus text format: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format (comments left out; label values without escaped quotes). */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
}

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are off: /metrics answers 404 whatever the token, and prom-client is not set up', async () => {
    expect(t.app.metrics).toBeNull();
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let tenants: Tenants;
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: METRICS_TOKEN });
    tenants = await createTenants(t);
  });
  afterAll(() => t.close());

  it('refuse a missing or wrong bearer token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${METRICS_TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('time each request by method, route pattern and status, never by its raw URL', async () => {
    const asset = await createAssetViaApi(t.app, tenants.headers.memberA, { name: 'Measured pump' });
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: `/api/assets/${asset.id}`, headers: tenants.headers.memberA });
    }
    await t.app.inject({
      method: 'GET',
      url: '/api/assets/00000000-0000-7000-8000-000000000000',
      headers: tenants.headers.memberA,
    });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseSamples(response.body);
    const route = '/api/assets/:id';
    expect(
      find(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' })
        ?.value,
    ).toBe(3);
    expect(
      find(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '404' })
        ?.value,
    ).toBe(1);
    expect(
      find(samples, 'http_request_duration_seconds_count', {
        route: '/api/assets',
        method: 'POST',
        status_code: '201',
      })?.value,
    ).toBe(1);
    const buckets = samples.filter(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' &&
        s.labels.route === route &&
        s.labels.status_code === '200',
    );
    expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(3);
    expect(
      find(samples, 'http_request_duration_seconds_sum', { route, status_code: '200' })?.value,
    ).toBeGreaterThan(0);
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_code: '404' }),
    ).toBeDefined();
    // Ids and unknown paths never become labels.
    expect(response.body).not.toContain(asset.id);
    expect(response.body).not.toContain('no-such-thing');
  });

  it('show the database pool, the job queues and the event loop', async () => {
    await t.db.insert(jobs).values([
      { queue: IMPORT_JOBS.check, data: {}, runAfter: new Date(Date.now() + 3600_000) },
      { queue: IMPORT_JOBS.check, data: {}, runAfter: new Date(Date.now() + 3600_000) },
      { queue: IMPORT_JOBS.commit, data: {}, state: 'done' },
    ]);
    const samples = parseSamples((await scrape(`Bearer ${METRICS_TOKEN}`)).body);
    const kind = t.database.kind;
    const max = find(samples, 'db_pool_connections', { state: 'max', database: kind })?.value;
    expect(max).toBe(kind === 'pglite' ? PGLITE_CONNECTIONS : 10);
    for (const state of ['total', 'idle', 'waiting']) {
      const value = find(samples, 'db_pool_connections', { state, database: kind })?.value;
      expect(value, state).toBeGreaterThanOrEqual(0);
      expect(value, state).toBeLessThanOrEqual(max ?? 0);
    }
    expect(find(samples, 'jobs_queue_depth', { queue: IMPORT_JOBS.check, state: 'queued' })?.value).toBe(2);
    expect(find(samples, 'jobs_queue_depth', { queue: IMPORT_JOBS.commit, state: 'queued' })?.value).toBe(0);
    expect(find(samples, 'jobs_queue_depth', { queue: IMPORT_JOBS.check, state: 'running' })?.value).toBe(0);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    expect(find(samples, 'process_resident_memory_bytes')?.value).toBeGreaterThan(0);
    // Node's active handles, requests and resources: by type, and all of them (no `_total`: not counters).
    for (const name of ['nodejs_active_handles', 'nodejs_active_requests', 'nodejs_active_resources']) {
      expect(find(samples, `${name}_all`)?.value, name).toBeGreaterThanOrEqual(0);
      expect(find(samples, `${name}_total`), name).toBeUndefined();
    }
    // Handles are open (the database's sockets or thread, timers): their sum counts them.
    expect(find(samples, 'nodejs_active_handles_all')?.value).toBeGreaterThan(0);
  });

  it.runIf(promtool)(
    'pass `promtool check metrics`: names and types as Prometheus expects them',
    async () => {
      await t.app.inject({ method: 'GET', url: '/api/assets', headers: tenants.headers.memberA });
      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(await promtoolCheckMetrics(response.body)).toEqual({ code: 0, output: '' });
    },
  );
  if (!promtool)
    it.skip('pass `promtool check metrics` (promtool not installed: apt-get install -y prometheus)', () => {});
});
