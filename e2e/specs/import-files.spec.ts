import { expect, type Page, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

/** A register as Excel on Windows saves "CSV" in Germany: Windows-1252, semicolons, decimal commas, day-first dates. */
function excelRegister(run: string): Buffer {
  const lines = [
    `Name;Standort ${run};Preis ${run};Kaufdatum ${run}`,
    `Pumpe für Kühlwasser ${run};Halle Süd;12.345,67;15.03.2021`,
    ';;;',
    `Lüfter ${run};Büro;99,00;01.02.2020`,
  ];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252');
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.goto('/assets/import');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
}

async function chooseType(page: Page, column: string, type: string) {
  await page
    .getByRole('group', { name: `New custom field for ${column}` })
    .getByLabel('Type')
    .selectOption(type);
}

test('an administrator imports a Windows-1252 semicolon file with European numbers and dates', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const run = uniqueSuffix();
  await signIn(page, E2E_ADMIN);
  await upload(page, 'inventar.csv', excelRegister(run));
  // The row of empty cells is skipped.
  await expect(page.getByText('2 rows, separated by semicolons.')).toBeVisible();
  const reading = page.getByRole('region', { name: 'Reading the file' });
  await expect(reading.getByLabel('Encoding')).toHaveValue('windows-1252');
  await expect(reading.getByLabel('Numbers')).toHaveValue('comma');
  await expect(reading.getByLabel('Dates')).toHaveValue('DMY');
  await expect(page.getByText('Halle Süd')).toBeVisible();

  // Read as UTF-8, the umlauts break; back in Windows-1252 they are whole again.
  await reading.getByLabel('Encoding').selectOption('utf-8');
  await reading.getByRole('button', { name: 'Read the file again' }).click();
  await expect(reading.getByLabel('Encoding')).toHaveValue('utf-8');
  await expect(page.getByText('Halle S\uFFFDd')).toBeVisible();
  await reading.getByLabel('Encoding').selectOption('windows-1252');
  await reading.getByRole('button', { name: 'Read the file again' }).click();
  await expect(page.getByText('Halle Süd')).toBeVisible();

  await chooseType(page, `Preis ${run}`, 'Number');
  await chooseType(page, `Kaufdatum ${run}`, 'Date');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('All 2 rows passed the check: 2 create, 0 update, 0 unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 assets' }).click();
  await expect(page.getByText('Import finished: 2 created, 0 updated, 0 unchanged.')).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('link', { name: 'View assets' }).click();
  await page.getByLabel('Search by name or slug').fill(`Pumpe für Kühlwasser ${run}`);
  // The search's answer first (the header and one row): a click during the re-render can be lost.
  await expect(page.getByRole('table', { name: 'Assets' }).getByRole('row')).toHaveCount(2);
  await page
    .getByRole('table', { name: 'Assets' })
    .getByRole('row')
    .filter({ hasText: `Pumpe für Kühlwasser ${run}` })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(page.getByRole('heading', { name: `Pumpe für Kühlwasser ${run}`, level: 1 })).toBeVisible();
  await expect(page.getByText('12,345.67')).toBeVisible();
  await expect(page.getByText('Mar 15, 2021')).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the import's reading card passes axe in ${colorScheme} mode @phone`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await upload(page, 'axe-1252.csv', excelRegister(uniqueSuffix()));
    await expect(page.getByRole('region', { name: 'Reading the file' })).toBeVisible();
    await expectNoViolations(page);
  });
}
