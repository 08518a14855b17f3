import { expect, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

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
    // The administrator's analytics: summary cards, preferences, ticker, history and team.
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Active user throughput' })).toBeVisible();
    await expectNoViolations(page);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`maintenance events, the composer and pending tasks pass axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    const api = await apiSignIn(page.request, E2E_ADMIN);
    const asset = await api.post<{ id: string }>('/api/assets', { name: `Axe pump ${uniqueSuffix()}` });
    await api.post(`/api/assets/${asset.id}/events`, {
      title: 'Inspect seals',
      notes: 'Check for leaks.',
      startTask: true,
    });
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await expect(page.getByText('Inspect seals').first()).toBeVisible();
    await expectNoViolations(page);

    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { name: 'Inspect seals' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Add maintenance event' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the public asset page (its lean entry) passes axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    const api = await apiSignIn(page.request, E2E_ADMIN);
    const asset = await api.post<{ id: string; slug: string; organizationId: string; name: string }>(
      '/api/assets',
      { name: `Axe public pump ${uniqueSuffix()}`, description: 'Plant room 2.' },
    );
    await api.post(`/api/assets/${asset.id}/events`, {
      title: 'Replace filter',
      notes: 'Done.',
      startTask: true,
    });
    await page.emulateMedia({ colorScheme });
    await page.goto(`/a/${asset.organizationId}/${asset.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Replace filter' })).toBeVisible();
    await expectNoViolations(page);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a retired asset's page, its delete dialog and its public page pass axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    const api = await apiSignIn(page.request, E2E_ADMIN);
    const asset = await api.post<{ id: string; slug: string; organizationId: string; name: string }>(
      '/api/assets',
      { name: `Axe retired pump ${uniqueSuffix()}` },
    );
    await api.post(`/api/admin/assets/${asset.id}/retire`, {});
    await page.emulateMedia({ colorScheme });
    await page.goto(`/a/${asset.organizationId}/${asset.slug}`);
    await expect(page.getByText(/This asset is retired/)).toBeVisible();
    await expectNoViolations(page);

    await signIn(page, E2E_ADMIN);
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('region', { name: 'Retired asset' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Delete asset' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
  });
}
