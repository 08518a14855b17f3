import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailableError } from '#server/plugins/errors.ts';
import { PgliteThread } from './pglite-thread.ts';

/** About a second of work inside PGlite. */
const SLOW_QUERY = 'select count(*) from generate_series(1, 2000000)';

describe('the embedded database on its own thread', () => {
  let folder: string;
  let thread: PgliteThread;
  let pool: pg.Pool;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mqr-pglite-thread-'));
    const template = inject('mqrTestDatabase');
    // A copy of the migrated template starts in a moment; an empty folder would run initdb (seconds).
    const dataDir = template.kind === 'pglite' ? path.join(folder, 'db') : undefined;
    if (template.kind === 'pglite')
      await cp(template.templateDir, path.join(folder, 'db'), { recursive: true });
    thread = await PgliteThread.start({ dataDir });
    pool = thread.pool();
    // As the app does (onPoolError): an idle connection lost with the thread must not crash the process.
    pool.on('error', () => {});
  });
  afterEach(async () => {
    await pool.end().catch(() => {});
    await thread.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs a slow query while the event loop goes on', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    try {
      await pool.query(SLOW_QUERY);
    } finally {
      clearInterval(timer);
    }
    const elapsed = performance.now() - started;
    // In the process, the query held the thread: no tick at all until it ended.
    expect(ticks).toBeGreaterThan(Math.min(20, elapsed / 10 / 4));
  });

  it('keeps a transaction on its connection: a query sent meanwhile runs after it, outside it', async () => {
    const db = drizzle(pool);
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('mqr.test', 'inside', true)`);
      // Sent on another connection while the transaction is open.
      outside = db.execute(sql`select current_setting('mqr.test', true) as value`).then((result) => {
        order.push('outside');
        return result.rows[0]?.value;
      });
      await sleep(50);
      order.push('transaction');
    });
    expect(await outside).not.toBe('inside');
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('prepares a named query once per connection, so connections sharing the session never collide', async () => {
    const [first, second] = [await pool.connect(), await pool.connect()];
    const named = { name: 'same_name', text: 'select $1::int + 1 as n' };
    try {
      const answers = [];
      for (const client of [first, second, first, second])
        answers.push((await client.query({ ...named, values: [answers.length] })).rows[0].n);
      expect(answers).toEqual([1, 2, 3, 4]);
    } finally {
      first.release();
      second.release();
    }
    // Each connection's own statement, kept in the session for its next runs (ADR 104, amended).
    const kept = await pool.query<{ name: string }>('select name from pg_prepared_statements order by name');
    expect(kept.rows.map((row) => row.name)).toEqual([
      expect.stringMatching(/^same_name\.\d+$/),
      expect.stringMatching(/^same_name\.\d+$/),
    ]);
    expect(new Set(kept.rows.map((row) => row.name)).size).toBe(2);
  });

  it("runs no other connection's statement inside an open transaction, and rolls back one left open", async () => {
    const holder = await pool.connect();
    await holder.query('begin');
    await holder.query("select set_config('mqr.test', 'inside', true)");
    let outsideDone = false;
    const outside = pool.query("select current_setting('mqr.test', true) as value").then((result) => {
      outsideDone = true;
      return result.rows[0]?.value;
    });
    await sleep(50);
    expect(outsideDone).toBe(false);
    // The connection goes away with its transaction open: rolled back, and the waiting query runs.
    holder.release(true);
    expect(await outside).not.toBe('inside');
  });

  it('answers large results whole, and keeps none of them in the thread once answered', async () => {
    // About 8 MB of rows a time, which PGlite writes in many pieces.
    const big = "select n, repeat('x', 64) as filler from generate_series(1, 100000) as n";
    for (let round = 0; round < 8; round++) {
      const { rows } = await pool.query(big);
      expect(rows).toHaveLength(100_000);
      expect(rows[99_999]).toEqual({ n: 100_000, filler: 'x'.repeat(64) });
    }
    // Kept as parsed rows (as execProtocolRaw keeps them), these 64 MB of answers take far more heap.
    const heap = await thread.heapStatistics();
    expect(heap.used_heap_size).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers the query after a failed one with its own result', async () => {
    // The failure is in Bind: the Describe and Execute behind it are skipped until the Sync, as a server does.
    await expect(pool.query('select $1::int as n', ['not a number'])).rejects.toThrow(/invalid input/);
    const { rows } = await pool.query('select $1::int as n', [2]);
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('answers "database unavailable" once the thread is gone, and the process goes on', async () => {
    const db = drizzle(pool);
    await db.execute(sql`select 1`);
    const inFlight = db.execute(sql.raw(SLOW_QUERY)).catch((error: unknown) => error);
    await sleep(100);
    await thread.kill();
    expect(isDatabaseUnavailableError(await inFlight)).toBe(true);
    const next = await db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailableError(next)).toBe(true);
  });
});
