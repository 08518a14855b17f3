import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// Snipe-IT's own sample export, as a new user brings it in (ADR 091): the columns about the people
// assets are checked out to, and the costs, are proposed internal with a warning, and stay off the
// public page of the imported assets.
const SNIPE_SAMPLE = new URL(
  '../../apps/server/src/test/peer-files/snipeit-assets-sample.csv',
  import.meta.url,
);
const PERSONAL =
  'This column looks like personal data (names, emails, phone numbers): keep it internal unless anyone who scans the code may see it.';
const FINANCIAL =
  'This column looks like financial data (costs, prices, values): keep it internal unless anyone who scans the code may see it.';

const newField = (page: Page, column: string) =>
  page.getByRole('group', { name: `New custom field for ${column}`, exact: true });

test('a Snipe-IT register comes in with its people and costs internal, off the public page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = uniqueSuffix();
  // An organization of its own: the file's asset tags and columns are the same at every run.
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const organization = await api.post<{ id: string }>('/api/admin/organizations', { name: `Snipe ${run}` });
  const admin = {
    email: `snipe-${run}@example.com`,
    password: 'snipe-password-1',
    displayName: 'Snipe admin',
  };
  await api.post('/api/admin/users', { ...admin, isAdmin: true, organizationId: organization.id });
  await signIn(page, admin);

  await page.goto('/assets/import');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'assets-sample.csv', mimeType: 'text/csv', buffer: await readFile(SNIPE_SAMPLE) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Recognised as a Snipe-IT export.')).toBeVisible();

  for (const [column, warning] of [
    ['Checked Out To: Email', PERSONAL],
    ['Checked Out To: First Name', PERSONAL],
    ['Checked Out To: Last Name', PERSONAL],
    ['Checked Out To: Username', PERSONAL],
    ['Purchase Cost', FINANCIAL],
  ] as const) {
    const group = newField(page, column);
    await expect(group.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();
    await expect(group.getByText(warning)).toBeVisible();
  }
  const model = newField(page, 'Model');
  await expect(model.getByText(PERSONAL)).toHaveCount(0);
  await expect(model.getByText(FINANCIAL)).toHaveCount(0);
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  // The model may show on the QR page: ticked with the keyboard.
  await model.getByRole('checkbox', { name: 'Public' }).focus();
  await page.keyboard.press('Space');
  await expect(model.getByRole('checkbox', { name: 'Public' })).toBeChecked();

  await page.getByRole('button', { name: 'Check the file' }).click();
  const rows = /All (\d+) rows passed the check: \1 create, 0 update, 0 unchanged\./;
  await expect(page.getByText(rows)).toBeVisible({ timeout: 30_000 });
  const count = rows.exec((await page.getByText(rows).textContent()) ?? '')![1]!;
  await page.getByRole('button', { name: `Import ${count} assets` }).click();
  await expect(page.getByText(`Import finished: ${count} created, 0 updated, 0 unchanged.`)).toBeVisible({
    timeout: 60_000,
  });
  await page.goto('/admin/fields');
  const fields = page.getByRole('table', { name: 'Field definitions' });
  const fieldRow = (label: string) =>
    fields.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
  await expect(fieldRow('Purchase Cost').getByRole('cell', { name: 'Internal', exact: true })).toBeVisible();
  await expect(fieldRow('Model').getByRole('cell', { name: 'Public', exact: true })).toBeVisible();
  await expectNoViolations(page);

  // Row 3 of the file, checked out to Gage McCrackem, seen signed out by scanning its code; its
  // asset tag is its external ID (ADR 092), which the list's search finds whole.
  const adminApi = await apiSignIn(page.request, admin);
  const [dragline] = await adminApi.get<{ slug: string }[]>('/api/assets?search=WBH-2841795');
  const visitor = await browser.newPage();
  await visitor.goto(`/a/${organization.id}/${dragline!.slug}`);
  await expect(visitor.getByRole('heading', { name: 'Dragline' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Asset details' })).toBeVisible();
  await expect(visitor.getByText('Macbook Pro 13"', { exact: true })).toBeVisible();
  const text = (await visitor.locator('main').textContent()) ?? '';
  for (const secret of ['gmccrackem2a', 'Gage', 'McCrackem', '1292.94', 'Checked Out To', 'Purchase']) {
    expect(text, secret).not.toContain(secret);
  }
  await visitor.close();
});
