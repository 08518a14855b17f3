import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createTwoOrganizations, createUser, loginAs } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody } from '#server/test/schedule-fixtures.ts';
import { startTwoInstances, type TwoInstances } from '#server/test/two-instances.ts';
import { runScheduleEngine } from '../schedules/index.ts';
import { composeDailyDigests } from './service.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two app instances on one PostgreSQL database, each with its own pool, clock, job runner (composing
 * every minute as in production) and mail server connection, one mail server: clocks moved together,
 * each composing again and again, they send each person one digest a day.
 */
describe.runIf(Boolean(adminUrl))('daily digests from two instances on one PostgreSQL', () => {
  let smtp: TestSmtp;
  let two: TwoInstances;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    two = await startTwoInstances(adminUrl!, { smtpUrl: smtp.url, smtpFrom: 'reminders@example.com' });
    for (const clock of two.clocks) clock.freeze(new Date('2026-06-01T05:00:00Z'));
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await smtp?.close();
  });

  it('send each person one digest a day between them', async () => {
    const { apps, handles, clocks } = two;
    const [first] = apps;
    const { orgA } = await createTwoOrganizations(handles[0].db);
    const admin = (await loginAs(first, orgA.admin)).headers;
    const people = [orgA.member];
    for (let i = 1; i < 10; i++) people.push(await createUser(handles[0].db, orgA.organization.id));
    // A daily task for each person, and one for nobody (the administrator's).
    const daily = {
      recurrence: { pattern: 'interval', every: 1, unit: 'day' },
      startsOn: '2026-06-02',
    } as const;
    for (const [i, person] of people.entries()) {
      const asset = await createAssetViaApi(first, admin, { name: `Pump ${i}` });
      await createScheduleViaApi(first, admin, scheduleBody(asset.id, { ...daily, assigneeId: person.id }));
    }
    const spare = await createAssetViaApi(first, admin, { name: 'Spare pump' });
    await createScheduleViaApi(first, admin, scheduleBody(spare.id, daily));

    const days = ['2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06'];
    for (const day of days) {
      for (const clock of clocks) clock.freeze(new Date(`${day}T07:05:00Z`));
      await Promise.all(apps.map((app) => runScheduleEngine(app.db, app.clock)));
      // Both compose at once, three times over, while their repeating jobs may too.
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          apps.map((app) => composeDailyDigests({ db: app.db, jobs: app.jobs, clock: app.clock })),
        );
      }
    }
    const expected = (people.length + 1) * days.length;
    await smtp.waitFor(expected);
    // Time for a second copy to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.received).toHaveLength(expected);
    const ids = new Set(smtp.received.map((message) => message.mail.messageId));
    expect(ids.size).toBe(expected);
    for (const person of [...people, orgA.admin])
      expect(smtp.textsTo(person.email)).toHaveLength(days.length);
  }, 120_000);
});
