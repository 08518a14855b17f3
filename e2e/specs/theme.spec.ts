import { expect, test } from '@playwright/test';
import { E2E_MEMBER } from '../support/environment.ts';
import { signIn, userMenuButton } from '../support/session.ts';

test('dark mode toggles from the user menu and persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, E2E_MEMBER);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await userMenuButton(page, E2E_MEMBER).click();
  const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
  await expect(darkMode).toHaveAccessibleDescription('Currently disabled');
  await darkMode.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The menu closes after toggling the theme.
  await expect(darkMode).toBeHidden();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await userMenuButton(page, E2E_MEMBER).click();
  await expect(darkMode).toHaveAccessibleDescription('Currently enabled');
  await expect(darkMode).toHaveAttribute('aria-checked', 'true');
});

test('without a stored choice the system preference decides', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
