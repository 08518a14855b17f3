import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const ANALYTICS_PATH = '/api/admin/dashboard/analytics';

interface TAnalytics {
  summary: { completedEvents: number; activeJobs: number; activeUsers: number };
}

/** The value of one summary card ("Completed jobs", "Active jobs", ...). */
function summaryValue(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .first();
}

test('an administrator completes tasks and sees the cards, ticker, chart and table update after Refresh data', async ({
  page,
  request,
}) => {
  const run = uniqueSuffix();
  const admin = await apiSignIn(page.request, E2E_ADMIN);
  const member = await apiSignIn(request, E2E_MEMBER);
  const before = await admin.get<TAnalytics>(ANALYTICS_PATH);
  const asset = await admin.post<{ id: string; name: string }>('/api/assets', {
    name: `Analytics press ${run}`,
  });
  // Performed long ago, so they head the pending list (oldest first).
  const titles = ['Grease bearings', 'Check guards', 'Calibrate gauge'].map((title) => `${title} ${run}`);
  const events: { id: string }[] = [];
  for (const title of titles) {
    events.push(
      await admin.post(`/api/assets/${asset.id}/events`, { title, performedAt: '2020-01-01T08:00:00.000Z' }),
    );
  }

  await signIn(page, E2E_ADMIN);
  await expect(summaryValue(page, 'Completed jobs')).toHaveText(String(before.summary.completedEvents));

  // One task completed on the dashboard itself...
  const task = page.getByRole('listitem').filter({ hasText: titles[0]! });
  page.once('dialog', (dialog) => void dialog.accept());
  await task.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: titles[0]! })).toHaveCount(0);
  await expect(summaryValue(page, 'Completed jobs')).toHaveText(String(before.summary.completedEvents + 1));

  // ...and two by the member elsewhere: they show after Refresh data.
  for (const event of events.slice(1)) {
    await member.post(`/api/assets/${asset.id}/events/${event.id}/start`, {});
    await member.post(`/api/assets/${asset.id}/events/${event.id}/complete`, {});
  }
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(summaryValue(page, 'Completed jobs')).toHaveText(String(before.summary.completedEvents + 3));
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Last 30 days');

  const history = page.getByRole('table', { name: 'Maintenance history' });
  for (const title of titles) await expect(history).toContainText(title);
  await expect(history.getByRole('row').nth(1)).toContainText(asset.name);
  const chart = page.getByRole('list', { name: 'Completions per day' });
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  await expect(chart.getByRole('listitem').last()).toContainText(today);

  const team = page.getByRole('table', { name: 'Team performance' });
  await expect(team.getByRole('row').filter({ hasText: E2E_MEMBER.displayName })).toBeVisible();
  await expect(team.getByRole('row').filter({ hasText: E2E_ADMIN.displayName })).toBeVisible();

  // The ticker starts with Overall and rotates to the asset with the most completed jobs.
  const ticker = page.getByRole('region', { name: 'Turnaround ticker' });
  await expect(ticker).toContainText('Overall average:');
  await expect(ticker).toContainText(new RegExp(`${asset.name}[\\s\\S]*Based on 3 job\\(s\\)`), {
    timeout: 15_000,
  });
});

test('hidden sections and a new range persist across a reload; the last section cannot be hidden', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await expect(summaryValue(page, 'Completed jobs')).toBeVisible();
  const preferences = page.getByRole('region', { name: 'Dashboard preferences' });
  await preferences.getByRole('checkbox', { name: 'Turnaround ticker' }).uncheck();
  await preferences.getByRole('checkbox', { name: 'Team performance' }).uncheck();
  await expect(page.getByRole('heading', { name: 'Turnaround ticker' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Active user throughput' })).toHaveCount(0);

  const range = preferences.getByLabel('Maintenance range (days)');
  const reload = page.waitForRequest(
    (r) => r.url().includes(ANALYTICS_PATH) && r.url().includes('rangeDays=7&'),
  );
  await range.fill('7');
  await range.press('Tab');
  await reload;
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Last 7 days');
  // Out of bounds is clamped, not refused.
  const window = preferences.getByLabel('Turnaround window (days)');
  await window.fill('500');
  await window.press('Enter');
  await expect(window).toHaveValue('90');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Last 7 days');
  await expect(range).toHaveValue('7');
  await expect(window).toHaveValue('90');
  await expect(preferences.getByRole('checkbox', { name: 'Turnaround ticker' })).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Team performance' })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'Turnaround ticker' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Maintenance history' })).toBeVisible();

  await preferences.getByRole('checkbox', { name: 'Pending maintenance tasks' }).uncheck();
  await expect(page.getByRole('heading', { name: 'Pending maintenance tasks' })).toHaveCount(0);
  await preferences.getByRole('checkbox', { name: 'PM compliance' }).uncheck();
  await expect(page.getByRole('heading', { name: 'PM compliance' })).toHaveCount(0);
  await expect(preferences.getByRole('checkbox', { name: 'Maintenance history' })).toBeDisabled();
  await expect(preferences.getByRole('checkbox', { name: 'Maintenance history' })).toBeChecked();
});

test('a member sees only the pending tasks and never asks for analytics @phone', async ({ page }) => {
  const analyticsRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(ANALYTICS_PATH)) analyticsRequests.push(r.url());
  });
  await signIn(page, E2E_MEMBER);
  await expect(page.getByRole('heading', { name: 'Pending maintenance tasks' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(page.getByRole('heading', { name: 'Pending maintenance tasks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard preferences' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Summary' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Maintenance history' })).toHaveCount(0);
  expect(analyticsRequests).toEqual([]);

  // The server refuses them too.
  const member = await apiSignIn(page.request, E2E_MEMBER);
  const refused = await page.request.get(ANALYTICS_PATH, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(refused.status()).toBe(403);
});
