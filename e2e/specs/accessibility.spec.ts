import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/environment.ts';
import { signIn } from '../support/session.ts';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`home, sign-in and dashboard pass axe in ${colorScheme} mode @phone`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Maintenance history at a glance' })).toBeVisible();
    await expectNoViolations(page);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoViolations(page);

    await signIn(page, E2E_ADMIN);
    await expect(page.getByRole('heading', { name: 'Operations dashboard' })).toBeVisible();
    await expectNoViolations(page);
  });
}
