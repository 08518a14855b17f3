import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/test-database.ts';
import { JobRunner } from './job-runner.ts';

const log = pino({ level: 'silent' });

describe('JobRunner', () => {
  let database: DatabaseHandle | undefined;
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    await database?.close();
  });

  async function startRunner(define: (jobs: JobRunner) => void): Promise<JobRunner> {
    database = await createTestDatabase();
    runner = new JobRunner(database.db, log, { pollMs: 20, retryDelayMs: 50 });
    define(runner);
    runner.start();
    return runner;
  }

  it('keeps polling after its first look: a repeating job runs again and again', async () => {
    let runs = 0;
    await startRunner((jobs) =>
      jobs.repeat('test.repeating', { everyMs: 100, lockSeconds: 10 }, async () => {
        runs++;
      }),
    );
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 20 });
  });

  it('runs a failing job again after its delay, until it succeeds', async () => {
    const tries: boolean[] = [];
    const jobs = await startRunner((jobs) =>
      jobs.define('test.flaky', { retryLimit: 5, lockSeconds: 10 }, async (_data, attempt) => {
        tries.push(attempt.last);
        if (tries.length < 3) throw new Error('not yet');
      }),
    );
    await jobs.send('test.flaky', {});
    await vi.waitFor(() => expect(tries).toHaveLength(3), { timeout: 5000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries).toEqual([false, false, false]);
  });
});
