import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { jobs as jobsTable } from '#server/db/schema.ts';
import { createTestDatabase } from '#server/test/test-database.ts';
import { AttemptTimeoutError, JobRunner } from './job-runner.ts';

const log = pino({ level: 'silent' });

/** Handlers that wait until the test lets them end, one by one or all at once. */
class Gates {
  private readonly waiting = new Map<string, () => void>();
  /** What started, in order. */
  readonly started: string[] = [];
  get held(): string[] {
    return [...this.waiting.keys()];
  }
  hold(name: string): Promise<void> {
    this.started.push(name);
    return new Promise((resolve) => this.waiting.set(name, resolve));
  }
  release(name: string): void {
    this.waiting.get(name)?.();
    this.waiting.delete(name);
  }
  releaseAll(): void {
    for (const name of this.held) this.release(name);
  }
}

const settings = { retryLimit: 0, lockSeconds: 10, timeoutSeconds: 30 };

describe('JobRunner', () => {
  let database: DatabaseHandle | undefined;
  let runners: JobRunner[] = [];
  let gates = new Gates();
  afterEach(async () => {
    gates.releaseAll();
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
    gates = new Gates();
    await database?.close();
    database = undefined;
  });

  /** A runner on the test's database (made at the first call; a second call is a second instance). */
  async function startRunner(define: (jobs: JobRunner) => void): Promise<JobRunner> {
    database ??= await createTestDatabase();
    const runner = new JobRunner(database.db, log, { pollMs: 20, retryDelayMs: 50 });
    define(runner);
    runner.start();
    runners.push(runner);
    return runner;
  }

  it('keeps polling after its first look: a repeating job runs again and again', async () => {
    let runs = 0;
    await startRunner((jobs) =>
      jobs.repeat('test.repeating', { everyMs: 100, lockSeconds: 10, timeoutSeconds: 10 }, async () => {
        runs++;
      }),
    );
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 20 });
  });

  it('runs a failing job again after its delay, until it succeeds', async () => {
    const tries: boolean[] = [];
    const jobs = await startRunner((jobs) =>
      jobs.define('test.flaky', { ...settings, retryLimit: 5 }, async (_data, attempt) => {
        tries.push(attempt.last);
        if (tries.length < 3) throw new Error('not yet');
      }),
    );
    await jobs.send('test.flaky', {});
    await vi.waitFor(() => expect(tries).toHaveLength(3), { timeout: 5000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries).toEqual([false, false, false]);
  });

  it("runs as many of a queue's jobs at once as its concurrency, and the other queues beside them", async () => {
    let peak = 0;
    const jobs = await startRunner((jobs) => {
      jobs.define('test.wide', { ...settings, concurrency: 3 }, async (data) => {
        const holding = gates.hold(`wide ${data.n}`);
        peak = Math.max(peak, gates.held.filter((name) => name.startsWith('wide')).length);
        await holding;
      });
      jobs.define('test.narrow', settings, (data) => gates.hold(`narrow ${data.n}`));
    });
    for (let n = 0; n < 5; n++) await jobs.send('test.wide', { n: String(n) });
    await vi.waitFor(() => expect(gates.held).toHaveLength(3), { timeout: 5000, interval: 20 });
    // A full queue holds up no other: the narrow one's job starts beside the three.
    await jobs.send('test.narrow', { n: '0' });
    await vi.waitFor(() => expect(gates.held).toContain('narrow 0'), { timeout: 5000, interval: 20 });
    expect(gates.held.filter((name) => name.startsWith('wide'))).toEqual(['wide 0', 'wide 1', 'wide 2']);

    gates.release('wide 0');
    await vi.waitFor(() => expect(gates.held).toContain('wide 3'), { timeout: 5000, interval: 20 });
    expect(gates.held.filter((name) => name.startsWith('wide'))).toHaveLength(3);
    gates.releaseAll();
    await vi.waitFor(() => expect(gates.started).toContain('wide 4'), { timeout: 5000, interval: 20 });
    gates.releaseAll();
    expect(peak).toBe(3);
  });

  describe('an organization with a backlog of slow jobs', () => {
    const orgA = randomUUID();
    const orgB = randomUUID();

    async function backlog(queueSettings: { concurrency: number; perOrganization: number }) {
      const jobs = await startRunner((jobs) =>
        jobs.define('test.slow', { ...settings, ...queueSettings }, (data) => gates.hold(data.name!)),
      );
      for (let n = 0; n < 10; n++) {
        await jobs.send('test.slow', { name: `A${n}` }, { organizationId: orgA });
      }
      return jobs;
    }

    it("holds at most its share of a queue's slots: another organization's job starts in a free one", async () => {
      const jobs = await backlog({ concurrency: 3, perOrganization: 2 });
      await vi.waitFor(() => expect(gates.held).toEqual(['A0', 'A1']), { timeout: 5000, interval: 20 });
      await jobs.send('test.slow', { name: 'B0' }, { organizationId: orgB });
      await vi.waitFor(() => expect(gates.held).toContain('B0'), { timeout: 5000, interval: 20 });
      // B's job started while A's first two still ran, before the rest of A's backlog.
      expect(gates.started).toEqual(['A0', 'A1', 'B0']);
    });

    it("takes turns: when a slot frees, the organization running the fewest goes next, not the backlog's next job", async () => {
      const jobs = await backlog({ concurrency: 2, perOrganization: 2 });
      await vi.waitFor(() => expect(gates.held).toEqual(['A0', 'A1']), { timeout: 5000, interval: 20 });
      await jobs.send('test.slow', { name: 'B0' }, { organizationId: orgB });
      gates.release('A0');
      await vi.waitFor(() => expect(gates.started).toHaveLength(3), { timeout: 5000, interval: 20 });
      expect(gates.started).toEqual(['A0', 'A1', 'B0']);
      gates.release('A1');
      await vi.waitFor(() => expect(gates.started).toHaveLength(4), { timeout: 5000, interval: 20 });
      expect(gates.started.at(-1)).toBe('A2');
    });
  });

  it('serves the organizations with work waiting in turn, one job each, not in the order the jobs came', async () => {
    const order: string[] = [];
    const organizations = ['A', 'B', 'C'].map((name, i) => ({
      name,
      id: `00000000-0000-4000-8000-00000000000${i + 1}`,
    }));
    const runner = await startRunner((jobs) =>
      jobs.define('test.turns', settings, async (data) => {
        order.push(data.name!);
      }),
    );
    await runner.stop();
    // All due at the same moment, as jobs sent within one tick of the database's clock are: each
    // organization's still run oldest first.
    const runAfter = new Date(Date.now() - 1000);
    for (const { name, id } of organizations) {
      for (let n = 0; n < 3; n++)
        await runner.send('test.turns', { name: `${name}${n}` }, { organizationId: id, runAfter });
    }
    runner.start();
    await vi.waitFor(() => expect(order).toHaveLength(9), { timeout: 5000, interval: 20 });
    expect(order).toEqual(['A0', 'B0', 'C0', 'A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
  });

  it('aborts an attempt past its time limit, counts it as failed, frees its slot and tries again', async () => {
    const signals: AbortSignal[] = [];
    const jobs = await startRunner((jobs) =>
      jobs.define(
        'test.limited',
        { ...settings, retryLimit: 1, timeoutSeconds: 0.3 },
        async (data, attempt) => {
          signals.push(attempt.signal);
          // The first attempt does not stop at its signal (as a handler that ignores it would not).
          if (data.name === 'stuck' && signals.length === 1) await gates.hold('stuck, first attempt');
          else gates.started.push(`${data.name}, attempt ${signals.length}`);
        },
      ),
    );
    await jobs.send('test.limited', { name: 'stuck' });
    await vi.waitFor(() => expect(gates.held).toEqual(['stuck, first attempt']), {
      timeout: 5000,
      interval: 20,
    });
    await jobs.send('test.limited', { name: 'next' });
    // The queue has one slot: the next job runs once the first attempt is past its limit, while its
    // handler has still not returned.
    await vi.waitFor(() => expect(gates.started).toContain('stuck, attempt 3'), {
      timeout: 5000,
      interval: 20,
    });
    expect(gates.held).toEqual(['stuck, first attempt']);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[0]!.reason).toBeInstanceOf(AttemptTimeoutError);
    const rows = await database!.ownerDb.select().from(jobsTable).where(eq(jobsTable.queue, 'test.limited'));
    const stuck = rows.find((row) => row.data.name === 'stuck');
    expect(stuck).toMatchObject({ state: 'done', attempts: 2 });
    expect(gates.started).toEqual(['stuck, first attempt', 'next, attempt 2', 'stuck, attempt 3']);
  });

  it('fails a job for good when its last attempt passes the limit', async () => {
    const jobs = await startRunner((jobs) =>
      jobs.define(
        'test.limited',
        { ...settings, timeoutSeconds: 0.2 },
        (_data, attempt) =>
          // A handler that honours its signal.
          new Promise((_resolve, reject) =>
            attempt.signal.addEventListener('abort', () => reject(attempt.signal.reason)),
          ),
      ),
    );
    await jobs.send('test.limited', {});
    await vi.waitFor(
      async () => {
        const [row] = await database!.ownerDb
          .select()
          .from(jobsTable)
          .where(eq(jobsTable.queue, 'test.limited'));
        expect(row).toMatchObject({
          state: 'failed',
          attempts: 1,
          lastError: expect.stringMatching(/time limit \(0\.2 s\)/),
        });
      },
      { timeout: 5000, interval: 20 },
    );
  });

  it('never runs a job twice with a second instance on the same database', async () => {
    const runs = new Map<string, number>();
    const define = (jobs: JobRunner) =>
      jobs.define('test.once', { ...settings, concurrency: 4 }, async (data) => {
        runs.set(data.n!, (runs.get(data.n!) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Number(data.n) % 7));
      });
    const first = await startRunner(define);
    await startRunner(define);
    const organizations = [randomUUID(), randomUUID(), randomUUID()];
    for (let n = 0; n < 60; n++) {
      await first.send('test.once', { n: String(n) }, { organizationId: organizations[n % 3]! });
    }
    await vi.waitFor(
      async () => {
        const rows = await database!.ownerDb.select().from(jobsTable).where(eq(jobsTable.queue, 'test.once'));
        expect(rows.filter((row) => row.state === 'done')).toHaveLength(60);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
