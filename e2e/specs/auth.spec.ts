import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { signIn, signOut, userMenuButton } from '../support/session.ts';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('the demo administrator signs in, sees the admin links and signs out @phone', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await expect(page.getByRole('heading', { name: 'Operations dashboard' })).toBeVisible();
  await expect(page.getByText('Monitor maintenance workload and analytics in one place.')).toBeVisible();

  const menuToggle = page.getByRole('button', { name: 'Menu' });
  if (await menuToggle.isVisible()) await menuToggle.click();
  for (const link of ['Dashboard', 'Assets', 'Activity', 'Admin Users', 'Admin Fields', 'Organizations']) {
    await expect(nav(page).getByRole('link', { name: link })).toBeVisible();
  }
  if (page.viewportSize()!.width >= 1280) {
    // All of the super administrator's links fit on one line at 1280 px ("Requests" and its count too).
    const tops = await nav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(11);
    expect(new Set(tops).size).toBe(1);
  }

  await userMenuButton(page, E2E_ADMIN).click();
  await expect(page.getByRole('banner').getByText('Super Administrator').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page, E2E_ADMIN);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('a member sees no admin links and is sent home from the admin screens', async ({ page }) => {
  await signIn(page, E2E_MEMBER);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Admin Users' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Organizations' })).toHaveCount(0);
  await expect(userMenuButton(page, E2E_MEMBER)).toContainText('Member');

  for (const path of ['/admin/users', '/admin/fields']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Maintenance history at a glance' })).toBeVisible();
  }
});

test('a logged-out visitor is sent to /login from signed-in pages', async ({ page }) => {
  // Signed-in screens that exist so far; later issues add theirs (ADR 006).
  for (const path of ['/dashboard', '/assets', '/assets/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  }
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a deep link opened signed out lands there after signing in, never on another site @phone', async ({
  page,
}) => {
  await page.goto('/calendar?view=agenda#top');
  await expect(page).toHaveURL(/\/login\?next=%2Fcalendar%3Fview%3Dagenda%23top$/);
  await page.getByLabel('Email').fill(E2E_MEMBER.email);
  await page.getByLabel('Password').fill(E2E_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/calendar\?view=agenda#top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();

  // Signed in, a sign-in link naming another site opens the dashboard instead.
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the generic message and keeps the visitor on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in form explains invalid input and stays disabled until it is valid', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').focus();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('x');
  await expect(submit).toBeEnabled();
});

test('unknown paths lead home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Maintenance history at a glance' })).toBeVisible();
});
