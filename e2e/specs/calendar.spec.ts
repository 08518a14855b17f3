import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// The calendar (docs/product/calendar.md): tasks made by schedules and their planned occurrences, as
// the test clock moves the running server through March 2019.

async function moveClock(api: ApiSession, now: string) {
  await api.put('/api/test/clock', { now });
}

/** The runs of this file: cleaned up afterwards (below). */
const runs: string[] = [];

/**
 * Puts the server back for the other specs: this file's schedules deleted (so the real clock's
 * engine catches none of them up) and their open tasks deleted (the pending lists start as before),
 * then the clock back to real time. The scenario is in 2019, so its completions are old history.
 */
test.afterEach(async ({ page }) => {
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const { cookies } = await page.request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const remove = async (path: string, status = 204) => {
    // With the XSRF header: the request context carries the cookie, and a DELETE without it is refused.
    const response = await page.request.delete(path, {
      headers: { authorization: `Bearer ${api.token}`, 'X-XSRF-TOKEN': xsrf },
      data: {},
    });
    expect(response.status(), `DELETE ${path}`).toBe(status);
  };
  const ours = (title: string) => runs.some((run) => title.endsWith(run));
  for (const schedule of await api.get<{ id: string; title: string }[]>('/api/schedules?pageSize=200')) {
    if (ours(schedule.title)) await remove(`/api/admin/schedules/${schedule.id}`);
  }
  for (const task of await api.get<{ eventId: string; assetId: string; title: string }[]>(
    '/api/tasks/pending?pageSize=200',
  )) {
    if (ours(task.title)) await remove(`/api/admin/assets/${task.assetId}/events/${task.eventId}`);
  }
  runs.length = 0;
  await remove('/api/test/clock', 200);
});

/** A monthly check on five extinguishers (the demo member's) and a floating generator service, on Monday 4 March 2019. */
async function plan(page: Page) {
  const run = uniqueSuffix();
  runs.push(run);
  const api = await apiSignIn(page.request, E2E_ADMIN);
  await moveClock(api, '2019-03-04T09:00:00Z');
  const people = await api.get<{ id: string; displayName: string }[]>('/api/calendar/assignees');
  const member = people.find((person) => person.displayName === E2E_MEMBER.displayName)!;
  const extinguishers: { id: string }[] = [];
  for (let n = 1; n <= 5; n++) {
    extinguishers.push(await api.post('/api/assets', { name: `Extinguisher ${n} ${run}` }));
  }
  await api.post('/api/admin/schedules/apply', {
    assetIds: extinguishers.map((asset) => asset.id),
    title: `Extinguisher check ${run}`,
    recurrence: { pattern: 'monthDay', every: 1, day: 15 },
    startsOn: '2019-03-15',
    leadDays: 7,
    assigneeId: member.id,
  });
  const generator = await api.post<{ id: string }>('/api/assets', { name: `Generator ${run}` });
  await api.post('/api/admin/schedules', {
    assetId: generator.id,
    title: `Generator service ${run}`,
    mode: 'floating',
    recurrence: { pattern: 'interval', every: 3, unit: 'month' },
    startsOn: '2019-03-06',
    leadDays: 2,
  });
  return { run, api, generator };
}

const cell = (page: Page, day: string) => page.getByRole('cell', { name: new RegExp(day) });

test('month, week and agenda follow schedules as the clock moves: planned, due soon, overdue, done', async ({
  page,
}) => {
  const { run, api, generator } = await plan(page);
  await signIn(page, E2E_ADMIN);
  await page.getByRole('banner').getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();

  await page.goto('/calendar?view=month&date=2019-03-04');
  const month = page.getByRole('table', { name: 'March 2019' });
  await expect(month).toBeVisible();
  await expect(cell(page, 'Monday, March 4')).toHaveAttribute('aria-current', 'date');
  // The generator's first task appeared at its lead time; the checks of the 15th are planned.
  await expect(
    cell(page, 'Wednesday, March 6').getByRole('link', { name: `Generator service ${run}` }),
  ).toHaveAccessibleName(new RegExp(`Generator service ${run} · Generator ${run}\\s?, Due soon`));
  const fifteenth = cell(page, 'Friday, March 15');
  await expect(
    fifteenth.getByRole('link', { name: new RegExp(`Extinguisher check ${run}.*Planned`) }),
  ).toHaveCount(3);
  await expect(fifteenth.getByRole('link', { name: '+2 more on Friday, March 15' })).toBeVisible();

  // A week on: the checks are tasks now, due soon; the generator's task is overdue.
  await moveClock(api, '2019-03-08T09:00:00Z');
  await page.reload();
  await expect(
    fifteenth.getByRole('link', { name: new RegExp(`Extinguisher check ${run}.*Due soon`) }),
  ).toHaveCount(3);
  await expect(
    cell(page, 'Wednesday, March 6').getByRole('link', {
      name: new RegExp(`Generator service ${run}.*Overdue`),
    }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Next month' }).click();
  await expect(page.getByRole('table', { name: 'April 2019' })).toBeVisible();
  await expect(
    cell(page, 'Monday, April 15').getByRole('link', {
      name: new RegExp(`Extinguisher check ${run}.*Planned`),
    }),
  ).toHaveCount(3);

  // The rest of the 15th is in the agenda, from that day.
  await page.getByRole('link', { name: 'Previous month' }).click();
  await fifteenth.getByRole('link', { name: '+2 more on Friday, March 15' }).click();
  await expect(page).toHaveURL(/view=agenda&date=2019-03-15/);
  const agendaDay = page.getByRole('region', { name: 'Friday, March 15' });
  await expect(agendaDay.getByRole('link', { name: new RegExp(`Extinguisher check ${run}`) })).toHaveCount(5);

  // Completing the floating service counts its next due date from today: 8 June.
  const [task] = (
    await api.get<{ eventId: string; title: string }[]>('/api/tasks/pending?due=overdue')
  ).filter((pending) => pending.title === `Generator service ${run}`);
  await api.post(`/api/assets/${generator.id}/events/${task!.eventId}/complete`, {});
  await page.goto('/calendar?view=week&date=2019-06-08');
  const saturday = page.getByRole('listitem', { name: /Sat, Jun 8/ });
  await expect(saturday.getByRole('link', { name: new RegExp(`Generator service ${run}`) })).toContainText(
    'Planned',
  );
  await page.goto('/calendar?view=week&date=2019-03-06');
  await expect(
    page
      .getByRole('listitem', { name: /Wed, Mar 6/ })
      .getByRole('link', { name: new RegExp(`Generator service ${run}`) }),
  ).toContainText('Completed');

  // Whose work: the demo member's checks, not the unassigned service.
  await page.goto('/calendar?view=agenda&date=2019-03-06');
  await page.getByLabel('Assigned to').selectOption({ label: E2E_MEMBER.displayName });
  await expect(page).toHaveURL(/assignee=/);
  await expect(
    page.getByRole('link', { name: new RegExp(`Extinguisher check ${run}`) }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Generator service ${run}`) })).toHaveCount(0);

  // An item opens its asset's page.
  await page
    .getByRole('link', { name: new RegExp(`Extinguisher check ${run}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`Extinguisher \\d ${run}`) }),
  ).toBeVisible();
});

test('a member subscribes to their tasks; a regenerated address stops the old one', async ({ page }) => {
  const { run } = await plan(page);
  await signIn(page, E2E_MEMBER);
  await page.goto('/calendar?view=agenda&date=2019-03-04');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe from a calendar app' });
  const create = dialog.getByRole('button', { name: 'Create feed address' });
  const regenerate = dialog.getByRole('button', { name: 'Regenerate address' });
  page.on('dialog', (confirm) => void confirm.accept());
  await create.or(regenerate).first().click();
  const address = dialog.getByLabel('Feed address');
  await expect(address).toHaveValue(/\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  const feed = await page.request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics.match(new RegExp(`SUMMARY:Extinguisher check ${run}`, 'g'))).toHaveLength(5 * 3); // 15 Mar, Apr, May
  expect(ics).not.toContain(`Generator service ${run}`);

  await regenerate.click();
  await expect(address).not.toHaveValue(first);
  expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
});

test('the agenda opens by default on a phone, and the month counts each day @phone', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) > 600, 'a phone’s default');
  const { run } = await plan(page);
  await signIn(page, E2E_ADMIN);
  await page.goto('/calendar');
  await expect(page.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'true');
  await page.goto('/calendar?view=month&date=2019-03-04');
  const count = cell(page, 'Friday, March 15').getByRole('link', { name: /items on Friday, March 15/ });
  await expect(count).toBeVisible();
  await count.click();
  await expect(
    page.getByRole('region', { name: 'Friday, March 15' }).getByRole('link', { name: new RegExp(run) }),
  ).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the calendar’s views and its feed dialog pass axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    await plan(page);
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    for (const view of ['month', 'week', 'agenda']) {
      await page.goto(`/calendar?view=${view}&date=2019-03-04`);
      await expect(page.getByRole('heading', { level: 2, name: /2019/ })).toBeVisible();
      await expect(page.getByText('Loading the calendar...')).toHaveCount(0);
      await expectNoViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${view} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button').last()).toBeEnabled();
    await expectNoViolations(page);
  });
}
