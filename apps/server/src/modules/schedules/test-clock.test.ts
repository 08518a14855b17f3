import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp } from '#server/test/build-test-app.ts';
import { scheduleBody } from '#server/test/schedule-fixtures.ts';
import { createTenants } from '#server/test/tenant-world.ts';

describe('the test clock (TEST_CLOCK=true, end-to-end tests)', () => {
  it('lets a super administrator move the server clock, runs the engine, and goes back to real time', async () => {
    const t = await buildTestApp({ testClock: true });
    try {
      const { headers } = await createTenants(t);
      const asset = await createAssetViaApi(t.app, headers.superA, { name: 'Hydrant' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/schedules',
        headers: headers.superA,
        payload: scheduleBody(asset.id, { startsOn: '2035-03-01', leadDays: 5 }),
      });
      expect(created.json().nextDueOn).toBe('2035-03-01');
      const move = (now: string, who = headers.superA) =>
        t.app.inject({ method: 'PUT', url: '/api/test/clock', headers: who, payload: { now } });

      const moved = await move('2035-02-25T09:00:00Z');
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ moved: true, tasksCreated: 1 });
      expect(Date.parse(moved.json().now)).toBeGreaterThanOrEqual(Date.parse('2035-02-25T09:00:00Z'));
      // The clock runs on from there, as a server's does; the pending list sees that day.
      const pending = await t.app.inject({ url: '/api/tasks/pending', headers: headers.memberA });
      expect(pending.json()[0]).toMatchObject({ dueOn: '2035-03-01', dueState: 'dueSoon' });

      expect((await move('2035-03-02T09:00:00Z', headers.adminA)).statusCode).toBe(403);
      expect((await move('not a date')).statusCode).toBe(400);
      const reset = await t.app.inject({ method: 'DELETE', url: '/api/test/clock', headers: headers.superA });
      expect(reset.json()).toMatchObject({ moved: false });
      expect(Math.abs(Date.parse(reset.json().now) - Date.now())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });

  it('does not exist without TEST_CLOCK, and is refused in production', async () => {
    const t = await buildTestApp();
    try {
      const { headers } = await createTenants(t);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        headers: headers.superA,
        payload: { now: '2035-01-01T00:00:00Z' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(ConfigError);
  });
});
