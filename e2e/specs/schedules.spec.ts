import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

/** The test clock and the time zone go back to how the other specs expect them, whatever happened. */
async function restore(page: Page) {
  const api = await apiSignIn(page.request, E2E_ADMIN);
  // With the XSRF header (the helper's): without it the server refused the reset (403) unnoticed.
  expect(await api.delete<{ moved: boolean }>('/api/test/clock')).toMatchObject({ moved: false });
  await api.put('/api/admin/organization/settings', { timeZone: 'UTC' });
}

test.afterEach(async ({ page }) => restore(page));

test('an administrator sets the organization’s time zone on the settings page', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('UTC');
  await zone.selectOption('Europe/Paris');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Organization settings saved.');
  await expectNoViolations(page);
  await page.reload();
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
});

test('the test clock moves the running server: a schedule’s task appears at its lead time', async ({
  page,
}) => {
  const run = uniqueSuffix();
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const asset = await api.post<{ id: string; slug: string }>('/api/assets', { name: `Extinguisher ${run}` });
  const schedule = await api.post<{ id: string; nextDueOn: string }>('/api/admin/schedules', {
    assetId: asset.id,
    title: `Monthly check ${run}`,
    recurrence: { pattern: 'monthDay', every: 1, day: 1 },
    startsOn: '2040-02-01',
    leadDays: 7,
  });
  expect(schedule.nextDueOn).toBe('2040-02-01');
  const moved = await api.put<{ moved: boolean; tasksCreated: number }>('/api/test/clock', {
    now: '2040-01-25T09:00:00Z',
  });
  expect(moved).toMatchObject({ moved: true, tasksCreated: 1 });
  const tasks = await api.get<{ title: string; dueOn: string; dueState: string }[]>(
    '/api/tasks/pending?due=soon',
  );
  expect(tasks.find((task) => task.title === `Monthly check ${run}`)).toMatchObject({
    dueOn: '2040-02-01',
    dueState: 'dueSoon',
  });
  const publicPage = await page.request.get(`/public/orgs/${api.organizationId}/assets/${asset.slug}`);
  expect(await publicPage.json()).toMatchObject({ nextServiceDue: '2040-02-01', overdue: false });
});
