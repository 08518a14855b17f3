import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const ROWS = 1000;
/** Rows of the first file that break a rule, and what the check says of each. */
const BAD_ROWS = new Map([
  [100, 'Asset name is required.'],
  [200, 'Please provide a valid value.'],
  [300, 'This cell holds a spreadsheet formula: put its value in the cell instead.'],
  [400, 'Please provide a valid value.'],
  [500, 'Asset name is required.'],
]);

/** A register of ROWS assets with three custom fields; `broken` puts the five bad rows in. */
function register(run: string, broken: boolean): string {
  const lines = [`Name,Serial ${run},Room ${run},Installed ${run}`];
  for (let row = 1; row <= ROWS; row++) {
    const day = String((row % 28) + 1).padStart(2, '0');
    const cells = [`Imported ${run} ${row}`, `SN-${row}`, `Room ${row % 4}`, `2024-03-${day}`];
    if (broken && BAD_ROWS.has(row)) {
      if (row === 100 || row === 500) cells[0] = '';
      if (row === 200) cells[3] = '2024-02-31';
      if (row === 300) cells[1] = '=A1';
      if (row === 400) cells[3] = 'soon';
    }
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function uploadFile(page: Page, name: string, text: string) {
  await page.goto('/assets/import');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
}

async function chooseType(page: Page, column: string, type: string) {
  await page
    .getByRole('group', { name: `New custom field for ${column}` })
    .getByLabel('Type')
    .selectOption(type);
}

test('an administrator imports a register with bad rows, fixes it, exports it and imports the export back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = uniqueSuffix();
  await signIn(page, E2E_ADMIN);

  await page.goto('/assets');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import from CSV', level: 1 })).toBeVisible();

  await uploadFile(page, 'register-broken.csv', register(run, true));
  await expect(page.getByText('Not a known export: the columns are matched by their names.')).toBeVisible();
  await chooseType(page, `Room ${run}`, 'Select');
  await chooseType(page, `Installed ${run}`, 'Date');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('5 problems found. Fix them in the file and upload it again.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems' });
  for (const [row, message] of BAD_ROWS) {
    await expect(
      problems
        .getByRole('row')
        .filter({ hasText: message })
        .filter({ has: page.getByRole('cell', { name: String(row), exact: true }) }),
    ).toHaveCount(1);
  }
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await uploadFile(page, 'register.csv', register(run, false));
  await chooseType(page, `Room ${run}`, 'Select');
  await chooseType(page, `Installed ${run}`, 'Date');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('All 1,000 rows passed the check.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1,000 assets' }).click();
  await expect(page.getByText('Import finished: 1,000 created, 0 updated.')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'View assets' }).click();
  await page.getByLabel('Search by name or slug').fill(`Imported ${run} 1000`);
  await expect(page.getByRole('table', { name: 'Assets' }).getByText(`Imported ${run} 1000`)).toBeVisible();

  await page.getByLabel('Search by name or slug').fill(`Imported ${run}`);
  await expect(page.getByRole('table', { name: 'Assets' }).getByText(`Imported ${run} 999`)).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  // The dialog names the search it exports: the list's, once the typing has settled.
  await expect(
    page.getByText(`The assets that match “Imported ${run}”, with a column for each custom field.`),
  ).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download assets' }).click();
  const download = await downloading;
  const exported = await readFile(await download.path());
  const records: string[][] = parse(exported, { bom: true });
  expect(records[0]?.slice(0, 5)).toEqual(['Slug', 'Name', 'Description', 'Created at', 'Updated at']);
  expect(records[0]).toEqual(expect.arrayContaining([`Serial ${run}`, `Room ${run}`, `Installed ${run}`]));
  expect(records).toHaveLength(ROWS + 1);
  const serial = records[0]!.indexOf(`Serial ${run}`);
  const names = new Map(records.slice(1).map((record) => [record[1], record[serial]]));
  expect(names.get(`Imported ${run} 300`)).toBe('SN-300');
  await page.keyboard.press('Escape');

  await uploadFile(page, download.suggestedFilename(), exported.toString('utf8'));
  await expect(page.getByText('Recognised as a Maintenance QR export.')).toBeVisible();
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('All 1,000 rows passed the check.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1,000 assets' }).click();
  await expect(page.getByText('Import finished: 0 created, 1,000 updated.')).toBeVisible({ timeout: 60_000 });
});
