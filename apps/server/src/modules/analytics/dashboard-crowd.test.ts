import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { withDatabaseName } from '#server/test/test-database.ts';
import { DASHBOARDS_AT_ONCE } from './routes.ts';

const t = tenantWorld();
const adminUrl = process.env.TEST_DATABASE_URL;

/** Sessions of the test database, other than `client`'s, waiting for a lock. */
async function waitingForALock(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return result.rows[0]!.n;
}

// PGlite is one connection: the pool this protects exists on PostgreSQL only.
describe.runIf(Boolean(adminUrl))('a crowd of dashboards (PostgreSQL)', () => {
  it(`holds at most ${DASHBOARDS_AT_ONCE} connections, one each; other pages answer meanwhile`, async () => {
    const [{ name }] = (
      (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows as [{ name: string }];
    const locker = new pg.Client({ connectionString: withDatabaseName(adminUrl!, name) });
    await locker.connect();
    try {
      // Every dashboard reads the roll-ups: while they are locked, each one computing holds its connection.
      await locker.query('begin');
      await locker.query('lock table completion_rollups in access exclusive mode');
      const dashboards = Array.from({ length: 8 }, () =>
        t.app.inject({ url: '/api/admin/dashboard/analytics', headers: t.headers.adminA }),
      );
      await vi.waitFor(async () => expect(await waitingForALock(locker)).toBe(DASHBOARDS_AT_ONCE), {
        timeout: 5000,
      });
      await sleep(300);
      expect(await waitingForALock(locker)).toBe(DASHBOARDS_AT_ONCE);

      const assets = await t.app.inject({ url: '/api/assets', headers: t.headers.memberA });
      expect(assets.statusCode).toBe(200);

      await locker.query('rollback');
      const answers = await Promise.all(dashboards);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    } finally {
      await locker.end();
    }
  });
});
