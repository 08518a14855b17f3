import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// ADRs 097 and 093: a new organization's first look (sample data, added and removed in one step),
// the agenda opening on overdue work, and the retired list's bulk restore and delete. In an
// organization of its own, so that the sample is offered (it has no asset) and counts stay exact.

/** Axe in light and dark on the page as it stands (once the colours' transitions have ended). */
async function axeLightAndDark(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await expectNoViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a new administrator adds sample data, tidies the retired list in bulk, then removes the sample', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = uniqueSuffix();
  const superAdmin = await apiSignIn(page.request, E2E_ADMIN);
  const organization = await superAdmin.post<{ id: string }>('/api/admin/organizations', {
    name: `Sample ${run}`,
  });
  const admin = {
    email: `sample-admin-${run}@example.com`,
    password: 'sample-admin-password',
    displayName: 'Sam Admin',
  };
  await superAdmin.post('/api/admin/users', { ...admin, isAdmin: true, organizationId: organization.id });

  // An empty organization: the asset list offers the sample.
  await signIn(page, admin);
  await page.goto('/assets');
  await expect(page.getByText('No assets have been created yet.')).toBeVisible();
  const offer = page.getByRole('region', { name: 'Sample data' });
  await expect(offer).toContainText('New here? Add a small sample site');
  await axeLightAndDark(page);
  await offer.getByRole('button', { name: 'Add sample data' }).click();
  await expect(page.getByRole('region', { name: 'Sample data' })).toContainText(
    'This organization holds sample data: 30 sample assets with their history and schedules.',
  );
  await expect(page.getByRole('row')).toHaveCount(31);
  await axeLightAndDark(page);

  // The agenda of the four weeks from today opens on the overdue work.
  await page.goto('/calendar?view=agenda');
  const overdue = page.getByRole('region', { name: 'Overdue' });
  await expect(overdue.getByRole('link', { name: /Monthly inspection/ })).toBeVisible();
  await expect(overdue.getByRole('link', { name: /Filter replacement/ })).toContainText('Due ');
  await axeLightAndDark(page);

  // Two conveyors retired from the list, then one restored and the other deleted from the retired list.
  await page.goto('/assets?search=Conveyor');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Select all assets on this page').check();
  const bar = page.getByRole('region', { name: 'Actions on the selected assets' });
  await bar.getByRole('button', { name: 'Retire' }).click();
  await page
    .getByRole('dialog', { name: 'Retire 2 assets?' })
    .getByRole('button', { name: 'Retire' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Retired 2 assets.' })).toBeVisible();

  await page.goto('/assets?status=retired');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Select Conveyor 1 (Yard)').check();
  await bar.getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore 1 asset?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored 1 asset.' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Select all assets on this page').check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete 1 asset for good?' });
  const confirm = deleting.getByRole('button', { name: 'Delete' });
  await expect(confirm).toBeDisabled();
  await deleting.getByLabel('Type the number of assets to confirm').fill('1');
  await axeLightAndDark(page);
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 1 asset.' })).toBeVisible();
  await expect(page.getByText('No assets are retired.')).toBeVisible();

  // Removing the sample keeps the conveyor someone retired and restored: it is theirs now.
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Sample data' })
    .getByRole('button', { name: 'Remove sample data' })
    .click();
  const removing = page.getByRole('dialog', { name: 'Remove sample data?' });
  await expect(removing).toContainText('Anything you added or changed stays.');
  await axeLightAndDark(page);
  await removing.getByRole('button', { name: 'Remove sample data' }).click();
  await expect(
    page.getByText('Sample data removed: 28 assets. 1 sample asset you changed was kept.'),
  ).toBeVisible();
  await page.goto('/assets');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Conveyor 1 \(Yard\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sample data' })).toHaveCount(0);
});
