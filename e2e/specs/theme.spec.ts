import { expect, test } from '@playwright/test';
import { E2E_MEMBER } from '../support/environment.ts';
import { signIn, userMenuButton } from '../support/session.ts';

test('dark mode toggles from the user menu and persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, E2E_MEMBER);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await userMenuButton(page).click();
  await expect(page.getByText('Currently disabled')).toBeVisible();
  await page.getByRole('menuitem', { name: /Dark Mode/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The menu closes after toggling the theme.
  await expect(page.getByRole('menuitem', { name: /Dark Mode/ })).toBeHidden();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await userMenuButton(page).click();
  await expect(page.getByText('Currently enabled')).toBeVisible();
});

test('without a stored choice the system preference decides', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
