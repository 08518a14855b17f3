import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn, signOut } from '../support/session.ts';

interface TAssetResponse {
  id: string;
  name: string;
  slug: string;
  organizationId: string;
}

const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Accepts the next window.confirm after checking its text. */
function acceptConfirm(page: Page, text: string) {
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(text);
    await dialog.accept();
  });
}

function eventItem(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

test('an event with a photo and a PDF goes from Pending to Completed, is edited, and is public', async ({
  page,
  browser,
}) => {
  const run = uniqueSuffix();
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const asset = await api.post<TAssetResponse>('/api/assets', { name: `Chiller ${run}`, fields: [] });
  // A real image as the "photo": the asset's own QR code.
  const photo = await (
    await page.request.get(`/api/assets/${asset.id}/qr.png`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
  ).body();

  await signIn(page, E2E_ADMIN);
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: 'Maintenance events' })).toBeVisible();

  // Add: recordedBy defaults to the user; start the task later from the asset page.
  await page.getByRole('button', { name: 'Add maintenance event' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Recorded by')).toHaveValue(E2E_ADMIN.displayName);
  const title = `Replace filter ${run}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Notes').fill('Filter was clogged.');
  await expect(dialog.getByLabel('Start task immediately')).toBeChecked();
  await dialog.getByLabel('Start task immediately').uncheck();
  await dialog.getByLabel('Attachments').setInputFiles([
    { name: 'filter.png', mimeType: 'image/png', buffer: photo },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
  ]);
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await expect(dialog).toBeHidden();

  const item = eventItem(page, title);
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  await expect(item.getByText('Filter was clogged.')).toBeVisible();
  const thumbnail = item.locator('img[src*="/files/"]');
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(item.getByText('PDF', { exact: true })).toBeVisible();

  // Start on the asset page.
  acceptConfirm(page, 'Start this maintenance task now?');
  await item.getByRole('button', { name: 'Start task' }).click();
  await expect(item.getByText('In progress', { exact: true })).toBeVisible();
  await expect(item.getByText(new RegExp(`Started .* by ${E2E_ADMIN.displayName}`))).toBeVisible();
  await expect(item.getByRole('button', { name: 'Start task' })).toHaveCount(0);

  // Complete from the dashboard: the task leaves the list.
  await page.goto('/dashboard');
  const task = page.getByRole('listitem').filter({ hasText: title });
  await expect(task.getByText('In progress', { exact: true })).toBeVisible();
  await expect(task.getByText(`Recorded by ${E2E_ADMIN.displayName}`)).toBeVisible();
  acceptConfirm(page, 'Mark this task as completed?');
  await task.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // Edit the completed event (the administrator has the permission) and see the change history.
  await page.goto(`/assets/${asset.id}`);
  await expect(item.getByText('Completed', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Edit event' }).click();
  await expect(dialog.getByLabel('Start task immediately')).toHaveCount(0);
  const renamed = `${title} (done)`;
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByLabel('Notes').fill('');
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await expect(dialog).toBeHidden();
  const edited = eventItem(page, renamed);
  const history = edited.getByRole('region', { name: 'Change history' }).or(edited.locator('ol,ul').last());
  await expect(edited.getByText('Title updated')).toBeVisible();
  await expect(edited.getByText('Notes cleared')).toBeVisible();
  await expect(history.first()).toBeVisible();

  // The public page, logged out: the event, its files, and the PDF downloads.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/a/${asset.organizationId}/${asset.slug}`);
  await expect(publicPage.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(publicPage.getByText('Completed', { exact: true }).first()).toBeVisible();
  const pdfLink = publicPage.getByRole('link', { name: /invoice\.pdf/ }).first();
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const href = await pdfLink.getAttribute('href');
  const download = await visitor.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.compare(await download.body(), PDF_BYTES)).toBe(0);
  const image = publicPage.locator('img[src*="/files/"]').first();
  await expect(image).toBeVisible();
  await visitor.close();

  // A member without the permission cannot edit the completed event.
  await signOut(page, E2E_ADMIN);
  await signIn(page, E2E_MEMBER);
  await page.goto(`/assets/${asset.id}`);
  await expect(edited.getByRole('button', { name: 'Edit event' })).toBeDisabled();
  await expect(
    edited.getByText('You do not have permission to edit completed maintenance events.'),
  ).toBeVisible();
});

test('the event composer closes on Escape and its close button, and refuses an empty title', async ({
  page,
}) => {
  const run = uniqueSuffix();
  const api = await apiSignIn(page.request, E2E_MEMBER);
  const asset = await api.post<TAssetResponse>('/api/assets', { name: `Lift ${run}`, fields: [] });
  await signIn(page, E2E_MEMBER);
  await page.goto(`/assets/${asset.id}`);
  const dialog = page.getByRole('dialog');

  await page.getByRole('button', { name: 'Add maintenance event' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add maintenance event' }).click();
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByRole('button', { name: /close/i }).click();
  await expect(dialog).toBeHidden();
});
