import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';

/** Whether a new connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// A stopping instance leaves the load balancer at once (ADR 069): the job in hand no longer keeps it
// listening, and it still finishes before the database closes.
describe('closing while a job runs', () => {
  let t: TestApp;
  let release: () => void = () => {};
  let started = false;
  let finished = false;

  beforeAll(async () => {
    t = await buildTestApp();
    t.app.jobs.define('test.hold', { retryLimit: 0, lockSeconds: 30, timeoutSeconds: 60 }, async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      finished = true;
    });
  });
  afterAll(() => t?.database.close());

  it('stops listening first, then waits for the job, then closes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    await t.app.jobs.send('test.hold', {});
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 10_000 });

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await vi.waitFor(async () => expect(await accepts(port)).toBe(false));
    expect(closed).toBe(false);
    expect(finished).toBe(false);

    release();
    await closing;
    expect(finished).toBe(true);
    const [job] = await t.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.queue, 'test.hold'));
    expect(job?.state).toBe('done');
  });
});
