import { CALENDAR_MESSAGES, type TAgenda } from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { maintenanceEvents } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

// The agenda's "Overdue" group (docs/product/calendar.md#agenda): open tasks due before today.

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

async function overdue(headers: AuthHeaders, query = ''): Promise<TAgenda> {
  const response = await t.app.inject({ url: `/api/calendar/overdue?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (page: TAgenda) => page.items.map((item) => `${item.date} ${item.title}`);

beforeAll(async () => {
  clock.freeze(new Date('2026-03-02T09:00:00Z'));
  const pump = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pump' });
  const ofB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Pump of B' });
  const task = (
    title: string,
    dueOn: string,
    extra: Partial<typeof maintenanceEvents.$inferInsert> = {},
  ): typeof maintenanceEvents.$inferInsert => ({
    organizationId: t.orgA.organization.id,
    assetId: pump.id,
    title,
    dueOn,
    performedAt: new Date(`${dueOn}T00:00:00Z`),
    ...extra,
  });
  await t.db.insert(maintenanceEvents).values([
    task('Last year', '2025-03-01', { assigneeId: t.orgA.member.id }),
    task('Last week', '2026-02-23', { taskStatus: 'InProgress' }),
    task('Yesterday', '2026-03-01', { assigneeId: t.orgA.member.id }),
    // A day's tasks by priority, the most urgent first (issue 36).
    task('Urgent leak', '2026-03-01', { priority: 3 }),
    task('Done late', '2026-02-20', { taskStatus: 'Completed', taskCompletedAt: new Date() }),
    task('Today', '2026-03-02'),
    task('Tomorrow', '2026-03-03'),
    task('Unplanned', '2026-03-01', { dueOn: null }),
    task('B late', '2026-02-01', { organizationId: t.orgB.organization.id, assetId: ofB.id }),
  ]);
});

describe('GET /api/calendar/overdue', () => {
  it('answers the open tasks due before today, however old, oldest first, with their state', async () => {
    const page = await overdue(t.headers.memberA);
    expect(page.today).toBe('2026-03-02');
    expect(titles(page)).toEqual([
      '2025-03-01 Last year',
      '2026-02-23 Last week',
      '2026-03-01 Urgent leak',
      '2026-03-01 Yesterday',
    ]);
    expect(page.items.every((item) => item.dueState === 'overdue' && item.kind === 'task')).toBe(true);
    expect(page.items[0]).toMatchObject({ assetName: 'Pump', assigneeName: t.orgA.member.displayName });
    expect(page.nextAfter).toBeNull();
    expect(titles(await overdue(t.headers.memberB))).toEqual(['2026-02-01 B late']);
  });

  it('reads page after page, and narrows to one person or nobody', async () => {
    const first = await overdue(t.headers.memberA, 'limit=2');
    expect(titles(first)).toEqual(['2025-03-01 Last year', '2026-02-23 Last week']);
    const second = await overdue(t.headers.memberA, `limit=1&after=${encodeURIComponent(first.nextAfter!)}`);
    expect(titles(second)).toEqual(['2026-03-01 Urgent leak']);
    const third = await overdue(t.headers.memberA, `limit=2&after=${encodeURIComponent(second.nextAfter!)}`);
    expect(titles(third)).toEqual(['2026-03-01 Yesterday']);
    expect(third.nextAfter).toBeNull();
    expect(titles(await overdue(t.headers.memberA, 'assignee=me'))).toEqual([
      '2025-03-01 Last year',
      '2026-03-01 Yesterday',
    ]);
    expect(titles(await overdue(t.headers.adminA, 'assignee=unassigned'))).toEqual([
      '2026-02-23 Last week',
      '2026-03-01 Urgent leak',
    ]);
    expect(titles(await overdue(t.headers.adminA, `assignee=${t.orgA.member.id}`))).toHaveLength(2);
  });

  it('refuses another organization’s person, a malformed position and a visitor', async () => {
    const foreign = await t.app.inject({
      url: `/api/calendar/overdue?assignee=${t.orgB.member.id}`,
      headers: t.headers.memberA,
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({
      url: '/api/calendar/overdue?after=nope',
      headers: t.headers.memberA,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].message).toBe(CALENDAR_MESSAGES.after);
    expect((await t.app.inject({ url: '/api/calendar/overdue' })).statusCode).toBe(401);
  });
});
