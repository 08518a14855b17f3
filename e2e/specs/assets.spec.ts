import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN, E2E_MEMBER, E2E_PORT } from '../support/environment.ts';
import { decodeQr } from '../support/qr.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn, userMenuButton } from '../support/session.ts';

interface TAssetResponse {
  id: string;
  name: string;
  slug: string;
  organizationId: string;
  publicUrl: string;
}

async function createField(
  page: Page,
  field: {
    label: string;
    key: string;
    dataType: string;
    maxLength?: string;
    options?: string;
    required?: boolean;
  },
) {
  await page.getByLabel('Label').fill(field.label);
  await page.getByLabel('Key').fill(field.key);
  await page.getByLabel('Data type').selectOption(field.dataType);
  if (field.maxLength) await page.getByLabel('Max length').fill(field.maxLength);
  if (field.options) await page.getByLabel('Options (one per line)').fill(field.options);
  if (field.required) await page.getByLabel('Required').check();
  await page.getByRole('button', { name: 'Create field' }).click();
  await expect(page.getByText('Field created successfully.')).toBeVisible();
}

test('an administrator defines fields of every type, creates and edits an asset, retires a field and searches', async ({
  page,
}) => {
  const run = uniqueSuffix();
  const label = (name: string) => `${name} ${run}`;
  await signIn(page, E2E_ADMIN);

  await page.goto('/admin/fields');
  await expect(page.getByRole('heading', { name: 'Field definitions' })).toBeVisible();
  await createField(page, {
    label: label('Serial'),
    key: `serial_${run}`,
    dataType: 'Text',
    maxLength: '12',
  });
  await createField(page, { label: label('Weight'), key: `weight_${run}`, dataType: 'Number' });
  await createField(page, { label: label('Installed'), key: `installed_${run}`, dataType: 'Date' });
  await createField(page, { label: label('Warranty'), key: `warranty_${run}`, dataType: 'Boolean' });
  await createField(page, {
    label: label('Colour'),
    key: `colour_${run}`,
    dataType: 'Select',
    options: 'Red\nBlue',
  });
  await createField(page, { label: label('Legacy'), key: `legacy_${run}`, dataType: 'Text' });
  await expect(
    page.getByRole('table', { name: 'Field definitions' }).getByText(`weight_${run}`),
  ).toBeVisible();

  // Create: the shared rules refuse bad values before anything is sent.
  await page.goto('/assets/new');
  await expect(page.getByRole('heading', { name: 'Create asset' })).toBeVisible();
  await page.getByRole('button', { name: 'Create asset' }).click();
  await expect(page.getByText('Asset name is required.')).toBeVisible();
  const name = `Boiler pump ${run}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Circulation pump in the basement boiler room.');
  await page.getByLabel(label('Serial')).fill('SN-0000000000042');
  await page.getByLabel(label('Weight')).fill('12,5');
  await page.getByRole('button', { name: 'Create asset' }).click();
  // The hint and the error both read "Max 12 characters.".
  await expect(page.getByText('Max 12 characters.')).toHaveCount(2);
  await expect(page.getByText('Please provide a valid value.')).toBeVisible();
  await page.getByLabel(label('Serial')).fill('SN-42');
  await page.getByLabel(label('Weight')).fill('12.5');
  await page.getByLabel(label('Installed')).fill('2024-03-01');
  await page.getByLabel(label('Warranty')).selectOption('true');
  await page.getByLabel(label('Colour')).selectOption('Blue');
  await page.getByLabel(label('Legacy')).fill('OLD-7');
  await page.getByRole('button', { name: 'Create asset' }).click();

  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const details = page.getByRole('region', { name: 'Asset details' }).or(page.locator('dl')).first();
  await expect(details.getByText('SN-42')).toBeVisible();
  await expect(details.getByText('12.5')).toBeVisible();
  await expect(details.getByText('Mar 1, 2024')).toBeVisible();
  await expect(details.getByText('Blue')).toBeVisible();
  const slug = (await page.getByText(/^Slug:/).innerText()).replace('Slug:', '').trim();

  // Edit: renaming keeps the slug (printed labels stay valid).
  await page.getByRole('link', { name: 'Edit asset' }).click();
  await expect(page.getByRole('heading', { name: 'Edit asset' })).toBeVisible();
  const renamed = `${name} (renamed)`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Asset updated successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'View asset' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(`Slug: ${slug}`)).toBeVisible();

  // Retire a field: its stored value stays and the form says so.
  await page.goto('/admin/fields');
  await page.getByRole('button', { name: `Deactivate ${label('Legacy')}` }).click();
  await expect(page.getByRole('button', { name: `Activate ${label('Legacy')}` })).toBeVisible();
  await page.goto('/assets');
  await page.getByRole('link', { name: `Open ${renamed}` }).click();
  await expect(page.getByText('retired')).toBeVisible();
  await page.getByRole('link', { name: 'Edit asset' }).click();
  await expect(page.getByText('Retired field. Existing value stays on record.')).toBeVisible();
  await expect(page.getByText('Saved value: OLD-7')).toBeVisible();
  await expect(page.getByLabel(label('Legacy'))).not.toBeEditable();

  // Search the list, by name and by slug.
  await page.goto('/assets');
  const search = page
    .getByRole('searchbox', { name: 'Search by name or slug' })
    .or(page.getByLabel('Search by name or slug'));
  await search.first().fill(`pump ${run}`.toUpperCase());
  await expect(page.getByRole('link', { name: `Open ${renamed}` })).toBeVisible();
  await search.first().fill(slug);
  await expect(page.getByRole('link', { name: `Open ${renamed}` })).toBeVisible();
  await search.first().fill(`no such asset ${run}`);
  await expect(page.getByText('No assets match your search.')).toBeVisible();
});

test.describe('with an asset', () => {
  let asset: TAssetResponse;

  test.beforeEach(async ({ request }) => {
    const admin = await apiSignIn(request, E2E_ADMIN);
    asset = await admin.post<TAssetResponse>('/api/assets', {
      name: `Rooftop chiller ${uniqueSuffix()}`,
      description: 'Serves the east wing.',
      fields: [],
    });
  });

  test('a logged-out visitor opens the public page @phone', async ({ browser }) => {
    const visitor = await browser.newPage();
    await visitor.goto(`/a/${asset.organizationId}/${asset.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(visitor.getByText(`QR slug: ${asset.slug}`)).toBeVisible();
    await expect(visitor.getByText('Serves the east wing.')).toBeVisible();
    await expect(visitor.getByText('No recorded maintenance yet.')).toBeVisible();
    await expect(visitor.getByRole('img', { name: `QR code for ${asset.name}` })).toBeVisible();
    await visitor.goto(`/a/${asset.organizationId}/no-such-slug`);
    await expect(
      visitor.getByText('Unable to load asset. Please check the QR code or try again later.'),
    ).toBeVisible();
    await visitor.close();
  });

  test('a signed-in member who opens the public page by its address keeps their header', async ({ page }) => {
    await signIn(page, E2E_MEMBER);
    await page.goto(`/a/${asset.organizationId}/${asset.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(userMenuButton(page, E2E_MEMBER)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });

  test('the downloaded QR code decodes to the public URL, and Print QR opens a print window', async ({
    page,
  }) => {
    expect(asset.publicUrl).toBe(`http://127.0.0.1:${E2E_PORT}/a/${asset.organizationId}/${asset.slug}`);
    await signIn(page, E2E_ADMIN);
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('img', { name: `QR code for ${asset.name}` })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download QR' }).click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toBe(`${asset.slug}-qr.png`);
    expect(await decodeQr(await readFile(file))).toBe(asset.publicUrl);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print QR' }).click();
    const printWindow = await popup;
    await expect(printWindow.getByText(asset.name)).toBeVisible();
    await expect(printWindow.locator('img')).toBeVisible();
  });
});
