import type { TSchedule } from '@mqr/contracts';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, emailOutbox, users } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createUser, type FixtureUser } from '#server/test/fixtures.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { REMINDERS_OFF_LOG } from './reminders-plugin.ts';
import { composeDailyDigests } from './service.ts';

const BASE = 'http://localhost:3000';
const FROM = 'reminders@example.com';

/**
 * The daily digest end to end on one app: schedules make tasks, the digest is composed at 07:00 in
 * each organization's zone, delivered by the job runner to a real SMTP server, parsed and read.
 */
describe('the daily digest', () => {
  const clock = new SettableClock();
  let smtp: TestSmtp;
  let t: TestApp & Tenants;
  let idle: FixtureUser;
  const assets: Record<string, { id: string }> = {};

  const at = (instant: string) => clock.freeze(new Date(instant));
  const compose = () => composeDailyDigests({ db: t.db, jobs: t.app.jobs, clock });
  const put = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers, payload });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The tasks are made on 10 March 2026 at 06:00 in Paris.
    at('2026-03-10T05:00:00Z');
    const app = await buildTestApp({ smtpUrl: smtp.url, smtpFrom: FROM }, { clock, dailyDigest: false });
    t = Object.assign(app, await createTenants(app));
    idle = await createUser(t.db, t.orgA.organization.id, { displayName: 'Idle Ida' });
    const { adminA, adminB } = t.headers;
    expect(
      (await put('/api/admin/organization/settings', adminA, { timeZone: 'Europe/Paris' })).statusCode,
    ).toBe(200);
    expect(
      (await put('/api/admin/organization/settings', adminB, { timeZone: 'America/New_York' })).statusCode,
    ).toBe(200);
    const leaving = await createUser(t.db, t.orgA.organization.id, { displayName: 'Leaving Lee' });
    const plan: [string, string, Partial<Parameters<typeof scheduleBody>[1]>][] = [
      ['Boiler', 'Monthly inspection', { startsOn: '2026-03-05', assigneeId: t.orgA.member.id }],
      ['Pump', 'Check the seals', { startsOn: '2026-03-10', assigneeId: t.orgA.member.id }],
      ['Hydrant', 'Pressure test', { startsOn: '2026-03-14', leadDays: 7, assigneeId: t.orgA.member.id }],
      ['Valve', 'Grease the spindle', { startsOn: '2026-03-06', assigneeId: t.orgA.member.id }],
      ['Chiller', 'Descale', { startsOn: '2026-03-30', leadDays: 25, assigneeId: t.orgA.member.id }],
      ['Fire door', 'Close and latch test', { startsOn: '2026-03-08' }],
      ['Generator', 'Run for an hour', { startsOn: '2026-03-09', assigneeId: leaving.id }],
    ];
    const schedules: Record<string, TSchedule> = {};
    for (const [name, title, settings] of plan) {
      const asset = await createAssetViaApi(t.app, adminA, { name });
      assets[name] = asset;
      schedules[name] = await createScheduleViaApi(
        t.app,
        adminA,
        scheduleBody(asset.id, { title, ...settings }),
      );
    }
    const compressor = await createAssetViaApi(t.app, adminB, { name: 'Compressor B' });
    assets['Compressor B'] = compressor;
    await createScheduleViaApi(
      t.app,
      adminB,
      scheduleBody(compressor.id, {
        title: 'Drain the tank',
        startsOn: '2026-03-10',
        assigneeId: t.orgB.member.id,
      }),
    );
    // The valve's task is done; Lee leaves: his task is nobody's now.
    const [valveTask] = await tasksOfSchedule(t.db, schedules.Valve!.id);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${assets.Valve!.id}/events/${valveTask!.id}/complete`,
      headers: t.headers.memberA,
    });
    expect(done.statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const textTo = (user: FixtureUser) => {
    const texts = smtp.textsTo(user.email);
    expect(texts).toHaveLength(1);
    return texts[0]!;
  };

  it('sends nothing before 07:00 in the organization’s time zone, then one digest to each person with tasks due', async () => {
    at('2026-03-10T05:59:00Z');
    expect(await compose()).toEqual({ digests: 0 });

    at('2026-03-10T06:00:00Z');
    expect(await compose()).toEqual({ digests: 3 });
    await smtp.waitFor(3);
    const { orgA, superA } = t;
    expect(smtp.received.flatMap((message) => message.to).sort()).toEqual(
      [orgA.member.email, orgA.admin.email, superA.email].sort(),
    );

    // The assignee: overdue first, then due today, then due soon; nothing done, later, or of others.
    const memberMail = smtp.received.find((message) => message.to.includes(orgA.member.email))!.mail;
    expect(memberMail.subject).toBe(`${orgA.organization.name}: 1 overdue, 1 due today, 1 due soon`);
    expect(memberMail.from?.value).toEqual([{ address: FROM, name: 'Maintenance QR' }]);
    expect(memberMail.headers.get('list')).toMatchObject({ unsubscribe: { url: `${BASE}/profile` } });
    expect(memberMail.messageId).toBe(`<daily-digest.2026-03-10.${orgA.member.id}@localhost>`);
    const text = textTo(orgA.member);
    expect(text).toContain(`Hello ${orgA.member.displayName},`);
    expect(text).toContain(
      `Here are your maintenance tasks at ${orgA.organization.name} for Tuesday, March 10, 2026.`,
    );
    const order = [
      'Overdue (1)',
      'Boiler: Monthly inspection (due Mar 5, 2026)',
      'Due today (1)',
      'Pump: Check the seals',
      'Due soon (1)',
      'Hydrant: Pressure test (due Mar 14, 2026)',
    ];
    const positions = order.map((line) => text.indexOf(line));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain(`${BASE}/assets/${assets.Boiler!.id}`);
    expect(text).toContain(`Turn off the daily digest: ${BASE}/profile`);
    for (const absent of ['Valve', 'Chiller', 'Fire door', 'Generator', 'Compressor B'])
      expect(text).not.toContain(absent);
    expect(memberMail.html).toContain(
      `<a href="${BASE}/assets/${assets.Pump!.id}">Pump</a>: Check the seals`,
    );
    expect(memberMail.html).toContain(`<a href="${BASE}/profile">Turn off the daily digest</a>`);

    // Administrators: the tasks nobody is assigned to, a deactivated person's included.
    for (const admin of [orgA.admin, superA]) {
      const adminText = textTo(admin);
      expect(adminText).toContain('Overdue (2)');
      expect(adminText).toContain(
        'Fire door: Close and latch test (due Mar 8, 2026, not assigned to anyone)',
      );
      expect(adminText).toContain('Generator: Run for an hour (due Mar 9, 2026, not assigned to anyone)');
      expect(adminText).not.toContain('Boiler');
      expect(adminText).not.toContain('Due today');
    }
    // Nothing due, nothing sent; another organization's morning has not come yet.
    expect(smtp.textsTo(idle.email)).toEqual([]);
    expect(smtp.textsTo(t.orgB.member.email)).toEqual([]);

    // Later that day: composed already, nothing more.
    at('2026-03-10T09:30:00Z');
    expect(await compose()).toEqual({ digests: 0 });
    const outbox = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.organizationId, orgA.organization.id));
    expect(outbox.map((row) => [row.state, row.localDate])).toEqual(Array(3).fill(['sent', '2026-03-10']));
  });

  it('reaches New York at 07:00 there, with its own tasks only', async () => {
    at('2026-03-10T11:00:00Z');
    expect(await compose()).toEqual({ digests: 1 });
    await smtp.waitFor(4);
    const text = textTo(t.orgB.member);
    expect(text).toContain('Compressor B: Drain the tank');
    expect(text).toContain(t.orgB.organization.name);
    for (const name of Object.keys(assets).filter((name) => name !== 'Compressor B'))
      expect(text).not.toContain(name);
    expect(smtp.received).toHaveLength(4);
  });

  it('sends nothing to a person or an organization that turned it off, and audits both switches', async () => {
    const off = await put('/api/auth/me', t.headers.memberA, { dailyDigest: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ dailyDigest: false });
    expect((await t.app.inject({ url: '/api/auth/me', headers: t.headers.memberA })).json().dailyDigest).toBe(
      false,
    );
    const organizationOff = await put('/api/admin/organization/settings', t.headers.adminB, {
      dailyDigest: false,
    });
    expect(organizationOff.json()).toMatchObject({ dailyDigest: false, timeZone: 'America/New_York' });
    // The same again writes nothing.
    await put('/api/auth/me', t.headers.memberA, { dailyDigest: false });

    const audits = await t.db
      .select({ changes: auditLogEntries.changes, type: auditLogEntries.entityType })
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.action, 'UPDATE')));
    const switched = audits.filter((entry) => entry.changes?.includes('dailyDigest'));
    expect(switched.map((entry) => [entry.type, JSON.parse(entry.changes!)])).toEqual([
      ['AppUser', { changes: { dailyDigest: { from: true, to: false } } }],
      ['Organization', { changes: { dailyDigest: { from: true, to: false } } }],
    ]);

    at('2026-03-11T12:00:00Z');
    expect(await compose()).toEqual({ digests: 2 });
    await smtp.waitFor(6);
    const next = smtp.received.slice(4).flatMap((message) => message.to);
    expect(next.sort()).toEqual([t.orgA.admin.email, t.superA.email].sort());
  });

  it('after days without a run, sends one digest per person, not one per missed day', async () => {
    at('2026-03-15T15:00:00Z');
    expect(await compose()).toEqual({ digests: 2 });
    expect(await compose()).toEqual({ digests: 0 });
    await smtp.waitFor(8);
    const days = await t.db
      .select({ localDate: emailOutbox.localDate })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, t.orgA.admin.id));
    expect(days.map((row) => row.localDate).sort()).toEqual(['2026-03-10', '2026-03-11', '2026-03-15']);
  });

  it('takes the switches from their owners only, and refuses what is not a yes or a no', async () => {
    const member = await put('/api/admin/organization/settings', t.headers.memberA, { dailyDigest: false });
    expect(member.statusCode).toBe(403);
    const bad = await put('/api/auth/me', t.headers.memberB, { dailyDigest: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await put('/api/admin/organization/settings', t.headers.adminA, { dailyDigest: 1 })).statusCode,
    ).toBe(400);
    // Organization B's switch left A's alone, and A's still on.
    const a = await t.app.inject({ url: '/api/auth/organization', headers: t.headers.memberA });
    expect(a.json()).toMatchObject({ dailyDigest: true, timeZone: 'Europe/Paris' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.orgB.member.email, password: t.orgB.member.password },
    });
    expect(signedIn.json()).not.toHaveProperty('dailyDigest');
  });
});

describe('without SMTP_URL', () => {
  it('sends no reminders, says so once in the log at start, and tells the web app', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
    try {
      const off = lines.filter((line) => line.includes(REMINDERS_OFF_LOG));
      expect(off).toHaveLength(1);
      const config = await t.app.inject({ url: '/api/client-config' });
      expect(config.json()).toMatchObject({ emailReminders: false });
      await t.app.inject({ url: '/api/client-config' });
      expect(lines.filter((line) => line.includes(REMINDERS_OFF_LOG))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('tells the web app when they are on', async () => {
    const t = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: FROM }, { dailyDigest: false });
    try {
      expect((await t.app.inject({ url: '/api/client-config' })).json()).toMatchObject({
        emailReminders: true,
      });
    } finally {
      await t.close();
    }
  });
});
