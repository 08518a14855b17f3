import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// Planned maintenance end to end (docs/product/schedules.md): a monthly fixed schedule applied to 20 assets from the asset list's
// selection and a floating one; the server's test clock moves forward; tasks appear at their lead
// time, become overdue, show on the dashboard's cards, the pending list's filters, the asset list's
// due filter, the calendar and the public page; completing one moves the next due date (floating) or
// not (fixed). In an organization of its own, so that other specs' tasks do not count.

/** The server's clock goes back to real time, whatever happened. */
test.afterEach(async ({ page }) => {
  const api = await apiSignIn(page.request, E2E_ADMIN);
  expect(await api.delete<{ moved: boolean }>('/api/test/clock')).toMatchObject({ moved: false });
});

async function moveClock(api: ApiSession, now: string): Promise<number> {
  const moved = await api.put<{ moved: boolean; tasksCreated: number }>('/api/test/clock', {
    now,
    freeze: true,
  });
  expect(moved.moved).toBe(true);
  return moved.tasksCreated;
}

/** Axe in light and dark on the page as it stands (once the colours' transitions have ended). */
async function axeLightAndDark(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await expectNoViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const dueCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Due tasks' }).getByRole('link', { name: new RegExp(`^${name}`) });

test('planned maintenance: 20 assets on a monthly schedule and a floating one, across the clock', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = uniqueSuffix();
  const superAdmin = await apiSignIn(page.request, E2E_ADMIN);
  const organization = await superAdmin.post<{ id: string }>('/api/admin/organizations', {
    name: `PM ${run}`,
  });
  const admin = {
    email: `pm-admin-${run}@example.com`,
    password: 'pm-admin-password',
    displayName: 'PM admin',
  };
  const tech = {
    email: `pm-tech-${run}@example.com`,
    password: 'pm-tech-password',
    displayName: 'Robin Tech',
  };
  await superAdmin.post('/api/admin/users', { ...admin, isAdmin: true, organizationId: organization.id });
  await superAdmin.post('/api/admin/users', { ...tech, organizationId: organization.id });
  const clock = superAdmin;

  const api = await apiSignIn(page.request, admin);
  const extinguishers: { id: string; slug: string; name: string }[] = [];
  for (let n = 1; n <= 20; n += 1) {
    extinguishers.push(await api.post('/api/assets', { name: `Extinguisher ${String(n).padStart(2, '0')}` }));
  }
  const compressor = await api.post<{ id: string; slug: string }>('/api/assets', { name: 'Compressor' });
  // The day the schedules are made: 10 January 2041.
  await moveClock(clock, '2041-01-10T09:00:00Z');

  // The monthly fixed schedule, on the 20 extinguishers ticked on the asset list.
  await signIn(page, admin);
  await page.goto('/assets?search=Extinguisher');
  await expect(page.getByRole('row')).toHaveCount(21);
  await page.getByLabel('Select all assets on this page').check();
  const bar = page.getByRole('region', { name: 'Actions on the selected assets' });
  await bar.getByRole('button', { name: 'Schedule maintenance' }).click();
  const bulk = page.getByRole('dialog', { name: 'Schedule maintenance' });
  await expect(bulk).toContainText('For the 20 assets selected.');
  await bulk.getByLabel('Title').fill('Monthly inspection');
  await bulk.getByLabel('Repeats').selectOption('On a day of the month');
  await bulk.getByLabel('Day of the month').fill('1');
  await bulk.getByLabel('Lead time (days)').fill('40');
  await bulk.getByLabel('Starts on').fill('2041-02-01');
  await axeLightAndDark(page);
  await bulk.getByRole('button', { name: 'Save schedule' }).click();
  // A lead time longer than a month: the server says so under the input.
  await expect(bulk.getByLabel('Lead time (days)')).toHaveAccessibleDescription(
    /The lead time cannot be longer than the time between two due dates \(28 days\)\./,
  );
  await bulk.getByLabel('Lead time (days)').fill('7');
  await bulk.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Schedules created on 20 assets.' })).toBeVisible();
  await expect(bulk).toBeHidden();

  // The floating one, on the compressor's page, assigned to the technician.
  await page.goto(`/assets/${compressor.id}`);
  const planned = page.getByRole('region', { name: 'Planned maintenance' });
  await planned.getByRole('button', { name: 'Add schedule' }).click();
  const form = page.getByRole('dialog', { name: 'Add schedule' });
  await form.getByLabel('Title').fill('Compressor service');
  await form.getByLabel('Every', { exact: true }).fill('1');
  await form.getByLabel('Unit').selectOption('months');
  await form.getByLabel('From the last completion').check();
  await form.getByLabel('Lead time (days)').fill('3');
  await form.getByLabel('Assignee').selectOption(tech.displayName);
  await form.getByLabel('Starts on').fill('2041-02-10');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form).toBeHidden();
  const service = planned.getByRole('listitem', { name: 'Compressor service' });
  await expect(service).toContainText('Every month');
  await expect(service).toContainText('From the last completion');
  await expect(service).toContainText('Assigned to Robin Tech');
  await expect(service).toContainText('Next due Feb 10, 2041');
  await expect(planned).toContainText('Next service due Feb 10, 2041');
  await axeLightAndDark(page);

  // 20 January: nothing has appeared yet (the monthly tasks appear 7 days ahead, on 25 January).
  // The clock is the whole server's: other specs' schedules may make tasks as it moves, so the
  // organization's own counts are read on its dashboard, and the server's totals only bound below.
  await moveClock(clock, '2041-01-20T09:00:00Z');
  await page.goto('/dashboard');
  await expect(dueCard(page, 'Due in the next 7 days')).toContainText('0');

  // 26 January: the 20 monthly tasks, due 1 February, are there and due soon.
  expect(await moveClock(clock, '2041-01-26T09:00:00Z')).toBeGreaterThanOrEqual(20);
  await page.goto('/dashboard');
  await expect(dueCard(page, 'Due in the next 7 days')).toContainText('20');
  await expect(dueCard(page, 'Overdue')).toContainText('0');

  // 8 February: they are overdue; the compressor's task (due 10 February, 3 days ahead) appeared.
  expect(await moveClock(clock, '2041-02-08T09:00:00Z')).toBeGreaterThanOrEqual(1);
  await page.goto('/dashboard');
  await expect(dueCard(page, 'Overdue')).toContainText('20');
  await expect(dueCard(page, 'Due in the next 7 days')).toContainText('1');
  await axeLightAndDark(page);
  await dueCard(page, 'Overdue').click();
  await expect(page).toHaveURL(/\/dashboard\?due=overdue#pending-tasks$/);
  const pending = page.getByRole('region', { name: 'Pending maintenance tasks' });
  const tasks = pending.getByRole('listitem');
  await expect(tasks).toHaveCount(20);
  await expect(tasks.first()).toContainText('Overdue');
  await expect(tasks.first()).toContainText('Due Feb 1, 2041');
  await pending.getByRole('button', { name: 'Due soon' }).click();
  await expect(tasks).toHaveCount(1);
  await expect(tasks.first()).toContainText('Compressor service');
  await expect(tasks.first()).toContainText('Due soon');
  await expect(tasks.first()).toContainText('Assigned to Robin Tech');

  // The technician's own list: only what is assigned to them.
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  await signIn(techPage, tech);
  await expect(dueCard(techPage, 'Overdue')).toContainText('20');
  const techPending = techPage.getByRole('region', { name: 'Pending maintenance tasks' });
  await techPending.getByRole('button', { name: 'Assigned to me' }).click();
  await expect(techPending.getByRole('listitem')).toHaveCount(1);
  await expect(techPending.getByRole('listitem').first()).toContainText('Compressor service');
  await techContext.close();

  // The calendar shows the same work on its days: the 20 inspections overdue on 1 February, the
  // compressor's service due soon on 10 February.
  await page.goto('/calendar?view=agenda&date=2041-02-01');
  await expect(
    page
      .getByRole('region', { name: 'Friday, February 1' })
      .getByRole('link', { name: /Monthly inspection.*Overdue/ }),
  ).toHaveCount(20);
  await expect(
    page
      .getByRole('region', { name: 'Sunday, February 10' })
      .getByRole('link', { name: /Compressor service.*Due soon/ }),
  ).toHaveCount(1);

  // The asset list filters them.
  await page.goto('/assets?due=overdue');
  await expect(page.getByRole('row')).toHaveCount(21);
  await page.goto('/assets?due=soon');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Compressor');
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(page.getByLabel('Due', { exact: true })).toHaveValue('soon');
  await axeLightAndDark(page);

  // The public page of an extinguisher, as anyone in the corridor sees it.
  const corridorContext = await browser.newContext();
  const corridor = await corridorContext.newPage();
  const first = extinguishers[0]!;
  await corridor.goto(`/a/${api.organizationId}/${first.slug}`);
  const hero = corridor.getByText('Next service due Feb 1, 2041');
  await expect(hero).toBeVisible();
  await expect(corridor.locator('p', { has: hero }).getByText('Overdue')).toBeVisible();
  await axeLightAndDark(corridor);

  // Completing the fixed schedule's task (late) changes nothing of its dates: next due 1 March.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/assets/${first.id}`);
  const monthly = page.getByRole('region', { name: 'Planned maintenance' }).getByRole('listitem', {
    name: 'Monthly inspection',
  });
  await expect(monthly).toContainText('Next due Mar 1, 2041');
  await page
    .getByRole('region', { name: 'Maintenance events' })
    .getByRole('button', { name: 'Mark complete' })
    .click();
  await expect(
    page.getByRole('region', { name: 'Maintenance events' }).getByText('Completed', { exact: true }),
  ).toBeVisible();
  await expect(monthly).toContainText('Next due Mar 1, 2041');
  await corridorContext.close();
  // The next passer-by (the page is cached for 30 seconds, ADR 029): in date until 1 March.
  const nextContext = await browser.newContext();
  const next = await nextContext.newPage();
  await next.goto(`/a/${api.organizationId}/${first.slug}`);
  await expect(next.getByText('Next service due Mar 1, 2041')).toBeVisible();
  await expect(next.getByText('Overdue')).toHaveCount(0);
  await nextContext.close();

  // Completing the floating one on 8 February, two days early: its next due date counts from then.
  await page.goto(`/assets/${compressor.id}`);
  await expect(service).toContainText('The next due date counts from the completion of its open task.');
  await page
    .getByRole('region', { name: 'Maintenance events' })
    .getByRole('button', { name: 'Mark complete' })
    .click();
  await expect(service).toContainText('Next due Mar 8, 2041');
  await expect(page.getByRole('region', { name: 'Planned maintenance' })).toContainText(
    'Next service due Mar 8, 2041',
  );
});
