import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// The embedded database's connections share one session and never close (db/pglite-thread.ts).
describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it("keeps an unused connection open past pg-pool's default 10 s: a burst after a quiet moment opens none", async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    try {
      const backend = async () => {
        const result = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        return result.rows[0]!.pid;
      };
      const first = await backend();
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      expect(handle.poolStats().total).toBe(1);
      expect(await backend()).toBe(first);
    } finally {
      await handle.close();
    }
  }, 30_000);
});
