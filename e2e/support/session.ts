import { type Browser, expect, type Page } from '@playwright/test';
import { E2E_MEMBER } from './environment.ts';

export interface Credentials {
  email: string;
  password: string;
}

export async function signIn(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The header's user menu button is named after the user's display name and role label. */
export function userMenuButton(page: Page, user: { displayName: string }) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(`^${user.displayName}\\b`) });
}

export async function signOut(page: Page, user: { displayName: string }): Promise<void> {
  await userMenuButton(page, user).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A phone (390 × 844) signed in as the member, the field app installed: its service worker runs and
 * controls the page.
 */
export async function installedApp(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, E2E_MEMBER);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}
