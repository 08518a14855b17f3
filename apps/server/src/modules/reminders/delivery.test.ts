import { freePort, startTestSmtp } from '@mqr/smtp-testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, jobs, users } from '#server/db/schema.ts';
import { JobRunner } from '#server/jobs/job-runner.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createScheduleViaApi, scheduleBody } from '#server/test/schedule-fixtures.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { defineReminderJobs } from './jobs.ts';
import { smtpMailer } from './mailer.ts';
import { composeDailyDigests, DELIVERY_MESSAGES, deliverEmails, EMAIL_DELIVERY_QUEUE } from './service.ts';

const FROM = 'reminders@example.com';
const TODAY = '2026-05-04';

/**
 * Delivery against a real SMTP server that is down, refuses a recipient, or comes back: a job runner
 * of the test's own with short retry delays, on an app whose reminders are off (its runner leaves the
 * deliveries to this one).
 */
describe('delivering the daily digest', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An app whose organization A has a task due today for its member and one for nobody (its administrators). */
  async function world() {
    const clock = new SettableClock();
    clock.freeze(new Date(`${TODAY}T06:00:00Z`));
    const app = await buildTestApp({}, { clock });
    cleanups.push(() => app.close());
    const w: TestApp & Tenants & { clock: SettableClock } = Object.assign(app, await createTenants(app), {
      clock,
    });
    const pump = await createAssetViaApi(w.app, w.headers.adminA, { name: 'Pump' });
    await createScheduleViaApi(
      w.app,
      w.headers.adminA,
      scheduleBody(pump.id, { startsOn: TODAY, assigneeId: w.orgA.member.id, title: 'Check the seals' }),
    );
    await createScheduleViaApi(
      w.app,
      w.headers.adminA,
      scheduleBody(pump.id, { startsOn: TODAY, title: 'Oil' }),
    );
    clock.freeze(new Date(`${TODAY}T07:30:00Z`));
    return w;
  }

  /** A job runner of the test's own for the deliveries: retries after 100 ms, 200 ms, 400 ms... */
  function deliveryRunner(w: TestApp & { clock: SettableClock }, smtpUrl: string) {
    const runner = new JobRunner(w.db, w.app.log, { pollMs: 50, retryDelayMs: 100 });
    const mailer = smtpMailer(smtpUrl, FROM);
    const deps = {
      db: w.db,
      clock: w.clock,
      log: w.app.log,
      mailer,
      links: { publicBaseUrl: 'http://localhost:3000' },
    };
    defineReminderJobs(runner, deps, { compose: false });
    cleanups.push(async () => {
      await runner.stop();
      mailer.close();
    });
    return { runner, deps };
  }

  const outboxStates = async (w: TestApp) =>
    (await w.db.select().from(emailOutbox)).map((row) => [row.recipient, row.state]).sort();

  const recipients = (w: Tenants) => [w.orgA.member.email, w.orgA.admin.email, w.superA.email].sort();

  it('tries again with a growing delay while the mail server is down, and delivers each digest once when it is back', async () => {
    const w = await world();
    const port = await freePort();
    const { runner } = deliveryRunner(w, `smtp://127.0.0.1:${port}`);
    expect(await composeDailyDigests({ db: w.db, jobs: runner, clock: w.clock })).toEqual({ digests: 3 });
    runner.start();

    // Refused connections: the delivery waits and tries again; its messages stay queued.
    await vi.waitFor(
      async () => {
        const [job] = await w.db.select().from(jobs).where(eq(jobs.queue, EMAIL_DELIVERY_QUEUE));
        expect(job).toMatchObject({ state: 'queued', lastError: expect.stringMatching(/ECONNREFUSED/) });
        expect(job!.attempts).toBeGreaterThanOrEqual(3);
      },
      { timeout: 10_000, interval: 50 },
    );
    const [job] = await w.db.select().from(jobs).where(eq(jobs.queue, EMAIL_DELIVERY_QUEUE));
    // The delay doubles: the third try waits 400 ms after the second.
    expect(job!.runAfter.getTime() - job!.updatedAt.getTime()).toBeGreaterThanOrEqual(350);
    expect((await outboxStates(w)).map(([, state]) => state)).toEqual(['queued', 'queued', 'queued']);

    const smtp = await startTestSmtp({ port });
    cleanups.push(() => smtp.close());
    await smtp.waitFor(3);
    await vi.waitFor(async () => {
      const [done] = await w.db.select().from(jobs).where(eq(jobs.queue, EMAIL_DELIVERY_QUEUE));
      expect(done?.state).toBe('done');
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.flatMap((message) => message.to).sort()).toEqual(recipients(w));
    expect(await outboxStates(w)).toEqual(recipients(w).map((email) => [email, 'sent']));
  });

  it('fails a digest the mail server refuses for good, and delivers the others without trying again', async () => {
    const w = await world();
    const smtp = await startTestSmtp({ refuse: (address) => address === w.orgA.member.email });
    cleanups.push(() => smtp.close());
    const { runner } = deliveryRunner(w, smtp.url);
    await composeDailyDigests({ db: w.db, jobs: runner, clock: w.clock });
    runner.start();
    await smtp.waitFor(2);
    await vi.waitFor(async () => {
      const [done] = await w.db.select().from(jobs).where(eq(jobs.queue, EMAIL_DELIVERY_QUEUE));
      expect(done).toMatchObject({ state: 'done', attempts: 1 });
    });
    const [refused] = await w.db.select().from(emailOutbox).where(eq(emailOutbox.userId, w.orgA.member.id));
    expect(refused).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/550/) });
    expect(smtp.received.flatMap((message) => message.to).sort()).toEqual(
      [w.orgA.admin.email, w.superA.email].sort(),
    );
  });

  it('never sends again a digest an earlier run left with the mail server, nor one turned off since it was written, and follows a new address', async () => {
    const w = await world();
    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.close());
    const { runner, deps } = deliveryRunner(w, smtp.url);
    // The runner is not started: the delivery is run by hand.
    await composeDailyDigests({ db: w.db, jobs: runner, clock: w.clock });
    await w.db.update(emailOutbox).set({ state: 'sending' }).where(eq(emailOutbox.userId, w.superA.id));
    await w.db.update(users).set({ dailyDigest: false }).where(eq(users.id, w.orgA.admin.id));
    // The member's address changed since the digest was written: it goes to the new one.
    const moved = `moved-${w.orgA.member.email}`;
    await w.db.update(users).set({ email: moved }).where(eq(users.id, w.orgA.member.id));

    const delivery = { organizationId: w.orgA.organization.id, localDate: TODAY };
    expect(await deliverEmails(deps, delivery, { last: false })).toEqual({ sent: 1 });
    expect(await deliverEmails(deps, delivery, { last: false })).toEqual({ sent: 0 });
    expect(smtp.received.flatMap((message) => message.to)).toEqual([moved]);
    const rows = await w.db.select().from(emailOutbox);
    const stateOf = (userId: string) => rows.find((row) => row.userId === userId);
    expect(stateOf(w.superA.id)).toMatchObject({ state: 'failed', lastError: DELIVERY_MESSAGES.interrupted });
    expect(stateOf(w.orgA.admin.id)).toMatchObject({ state: 'cancelled' });
    expect(stateOf(w.orgA.member.id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      serverResponse: expect.stringMatching(/^250/),
    });
  });

  it('fails the digests still queued when the last try finds the mail server down', async () => {
    const w = await world();
    const { runner, deps } = deliveryRunner(w, `smtp://127.0.0.1:${await freePort()}`);
    await composeDailyDigests({ db: w.db, jobs: runner, clock: w.clock });
    const delivery = { organizationId: w.orgA.organization.id, localDate: TODAY };
    await expect(deliverEmails(deps, delivery, { last: true })).rejects.toMatchObject({ code: 'ESOCKET' });
    expect((await outboxStates(w)).map(([, state]) => state)).toEqual(['failed', 'failed', 'failed']);
  });
});
