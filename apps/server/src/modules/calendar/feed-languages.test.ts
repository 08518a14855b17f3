import type { TCalendarFeedCreated } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createScheduleViaApi, scheduleBody } from '#server/test/schedule-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { runScheduleEngine } from '../schedules/index.ts';

// The feed in its owner's language (ADR 111), parsed as a calendar app would with node-ical.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

async function feedOf(headers: AuthHeaders) {
  const created = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers });
  expect(created.statusCode, created.body).toBe(201);
  const response = await t.app.inject({
    url: new URL((created.json() as TCalendarFeedCreated).url).pathname,
    remoteAddress: '192.0.2.20',
  });
  expect(response.statusCode, response.body).toBe(200);
  const events = Object.values(ical.sync.parseICS(response.body)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
  const descriptions = events.map((event) => `${String(event.summary)}: ${String(event.description)}`).sort();
  return { body: response.body, descriptions };
}

beforeAll(async () => {
  clock.freeze(new Date('2026-03-02T08:00:00Z'));
  const pump = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pumpe 1' });
  await createScheduleViaApi(
    t.app,
    t.headers.adminA,
    scheduleBody(pump.id, {
      title: 'Sichtprüfung',
      startsOn: '2026-03-03',
      leadDays: 3,
      assigneeId: t.orgA.member.id,
    }),
  );
  await runScheduleEngine(t.db, clock);
});

describe('the calendar feed’s words', () => {
  it('are German for an owner whose organization writes German, English for one who chose English', async () => {
    await t.db
      .update(organizations)
      .set({ defaultLanguage: 'de' })
      .where(eq(organizations.id, t.orgA.organization.id));
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, t.orgA.admin.id));
    const member = await feedOf(t.headers.memberA);
    expect(member.body).toContain(`X-WR-CALNAME:Wartungsaufgaben · ${t.orgA.organization.name}`);
    expect(member.body).toContain(
      `X-WR-CALDESC:Wartungsaufgaben, die ${t.orgA.member.displayName} zugewiesen sind`,
    );
    expect(member.body).toMatch(/PRODID:-\/\/Maintenance QR\/\/Calendar feed\/\/DE/);
    // The task created for 3 March is open; the monthly occurrences after it are planned.
    expect(new Set(member.descriptions)).toEqual(
      new Set(['Sichtprüfung · Pumpe 1: Geplant', 'Sichtprüfung · Pumpe 1: Offen']),
    );
    expect(member.descriptions.filter((line) => line.endsWith('Offen'))).toHaveLength(1);

    const admin = await feedOf(t.headers.adminA);
    expect(admin.body).toContain(`X-WR-CALNAME:Maintenance tasks · ${t.orgA.organization.name}`);
    expect(admin.body).toMatch(/PRODID:-\/\/Maintenance QR\/\/Calendar feed\/\/EN/);
  });
});
