import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

interface TAssetResponse {
  id: string;
  name: string;
  slug: string;
  organizationId: string;
}

function acceptConfirm(page: Page, text: string) {
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe(text);
    await dialog.accept();
  });
}

test('an administrator deletes a mistaken event, retires an asset, restores it, retires it again and deletes it', async ({
  page,
  browser,
  request,
}) => {
  const run = uniqueSuffix();
  const api = await apiSignIn(request, E2E_ADMIN);
  const asset = await api.post<TAssetResponse>('/api/assets', { name: `Old chiller ${run}` });
  const kept = await api.post<{ id: string }>(`/api/assets/${asset.id}/events`, {
    title: `Inspection ${run}`,
  });
  await api.post(`/api/assets/${asset.id}/events/${kept.id}/complete`, {});
  await api.post(`/api/assets/${asset.id}/events`, { title: `Typo ${run}` });

  await signIn(page, E2E_ADMIN);
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: asset.name, level: 1 })).toBeVisible();

  // An open task stops the retirement; the administrator deletes it (it was recorded by mistake).
  await page.getByRole('button', { name: 'Retire asset' }).click();
  const retireDialog = page.getByRole('dialog', { name: 'Retire this asset?' });
  await retireDialog.getByRole('button', { name: 'Retire asset' }).click();
  await expect(retireDialog.getByRole('alert')).toHaveText(
    'The asset could not be retired. This asset has open tasks. Complete them before retiring it.',
  );
  await page.keyboard.press('Escape');
  await expect(retireDialog).toBeHidden();
  const typo = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Typo ${run}` }) });
  acceptConfirm(
    page,
    `Delete “Typo ${run}” for good? Its attachments and change history are deleted with it. The audit log keeps a record.`,
  );
  await typo.getByRole('button', { name: 'Delete event' }).click();
  await expect(typo).toHaveCount(0);

  await page.getByRole('button', { name: 'Retire asset' }).click();
  await retireDialog.getByRole('button', { name: 'Retire asset' }).click();
  const notice = page.getByRole('region', { name: 'Retired asset' });
  await expect(notice).toContainText('This asset is read-only. Restore it to edit it or record maintenance.');
  await expect(page.getByRole('link', { name: 'Edit asset' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add maintenance event' })).toHaveCount(0);

  // Gone from the list, still public, and members see it read-only.
  await page.goto('/assets');
  await page.getByLabel('Search by name or slug').fill(asset.name);
  await expect(page.getByText('No assets match your search.')).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto(`/a/${asset.organizationId}/${asset.slug}`);
  await expect(
    visitor.getByText('This asset is retired: it is no longer in service. Its history is kept.'),
  ).toBeVisible();
  await expect(visitor.getByText(`Inspection ${run}`)).toBeVisible();
  await signIn(visitor, E2E_MEMBER);
  await visitor.goto(`/assets/${asset.id}`);
  await expect(visitor.getByRole('region', { name: 'Retired asset' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Restore asset' })).toHaveCount(0);
  await visitor.close();

  await page.goto(`/assets/${asset.id}`);
  await notice.getByRole('button', { name: 'Restore asset' }).click();
  await expect(page.getByRole('link', { name: 'Edit asset' })).toBeVisible();
  await page.getByRole('button', { name: 'Retire asset' }).click();
  await retireDialog.getByRole('button', { name: 'Retire asset' }).click();

  await notice.getByRole('button', { name: 'Delete asset' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete this asset for good?' });
  const confirm = deleteDialog.getByRole('button', { name: 'Delete asset' });
  await deleteDialog.getByLabel('Type the asset name to confirm').fill('Old chiller');
  await expect(confirm).toBeDisabled();
  await deleteDialog.getByLabel('Type the asset name to confirm').fill(asset.name);
  await confirm.click();
  await expect(page).toHaveURL(/\/assets$/);
  await page.goto(`/a/${asset.organizationId}/${asset.slug}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Unable to load asset. Please check the QR code or try again later.',
  );

  // The audit log keeps what happened to it.
  const audit = await api.get<{ action: string }[]>(`/api/audit-logs?entityId=${asset.id}`);
  expect(audit.map((entry) => entry.action)).toEqual(['DELETE', 'RETIRE', 'RESTORE', 'RETIRE', 'CREATE']);
});
