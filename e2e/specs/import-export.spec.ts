import { readFile } from 'node:fs/promises';
import { findQrCodes, pdfPagesAsPng } from '@mqr/pdf-testing';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const ROWS = 1000;
/** Rows of the first file that break a rule, and what the check says of each. */
const BAD_ROWS = new Map([
  [100, 'Asset name is required.'],
  [200, '"2024-02-31" is not a date written as 2021-03-15.'],
  [300, 'This cell holds a spreadsheet formula: put its value in the cell instead.'],
  [400, '"soon" is not a date written as 2021-03-15.'],
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

/** Downloads the list's asset export (the dialog says `says` first) and answers its rows. */
async function exportAssets(page: Page, says: string): Promise<string[][]> {
  await page.getByRole('button', { name: 'Export', exact: true }).first().click();
  // The dialog names the view it exports: the list's, once the typing has settled.
  await expect(page.getByText(says)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download assets' }).click();
  exported = await readFile(await (await downloading).path());
  await page.keyboard.press('Escape');
  return parse(exported, { bom: true });
}

/** The last file exportAssets downloaded. */
let exported: Buffer;

test('day one: an administrator imports a register with bad rows, fixes it, filters, sorts and labels it, exports it into a new organization, and retires, restores and deletes an asset', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
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
    // Named by the spreadsheet's row: the column names are row 1.
    await expect(
      problems
        .getByRole('row')
        .filter({ hasText: message })
        .filter({ has: page.getByRole('cell', { name: String(row + 1), exact: true }) }),
    ).toHaveCount(1);
  }
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await uploadFile(page, 'register.csv', register(run, false));
  await chooseType(page, `Room ${run}`, 'Select');
  await chooseType(page, `Installed ${run}`, 'Date');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(
    page.getByText('All 1,000 rows passed the check: 1,000 create, 0 update, 0 unchanged.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Import 1,000 assets' }).click();
  await expect(page.getByText('Import finished: 1,000 created, 0 updated, 0 unchanged.')).toBeVisible({
    timeout: 60_000,
  });

  await page.getByRole('link', { name: 'View assets' }).click();
  await page.getByLabel('Search by name or slug').fill(`Imported ${run} 1000`);
  await expect(page.getByRole('table', { name: 'Assets' }).getByText(`Imported ${run} 1000`)).toBeVisible();

  await page.getByLabel('Search by name or slug').fill(`Imported ${run}`);
  await expect(page.getByRole('table', { name: 'Assets' }).getByText(`Imported ${run} 999`)).toBeVisible();
  const records = await exportAssets(
    page,
    `The assets that match “Imported ${run}”, with a column for each custom field.`,
  );
  expect(records[0]?.slice(0, 8)).toEqual([
    'Slug',
    'Name',
    'Description',
    'External ID',
    'Location',
    'Parent asset',
    'Created at',
    'Updated at',
  ]);
  // Each field's type follows its name, for the import to read back.
  expect(records[0]).toEqual(
    expect.arrayContaining([`Serial ${run}`, `Room ${run} (select)`, `Installed ${run} (date)`]),
  );
  expect(records).toHaveLength(ROWS + 1);
  const serial = records[0]!.indexOf(`Serial ${run}`);
  const byName = new Map(records.slice(1).map((record) => [record[1]!, record]));
  expect(byName.get(`Imported ${run} 300`)?.[serial]).toBe('SN-300');

  // The imported register filtered (Room 1) and sorted (by the installation date, oldest first).
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filter assets' });
  await panel
    .getByRole('group', { name: `Room ${run}` })
    .getByLabel('Room 1', { exact: true })
    .check();
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('dialog', { name: 'Columns' }).getByLabel(`Installed ${run}`).check();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Assets' });
  await table.getByRole('button', { name: `Installed ${run}` }).click();
  await expect(table.getByRole('columnheader', { name: `Installed ${run}` })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // Rows 1, 5, 9… are in Room 1; the earliest day (the 2nd) is every 28th row from row 1.
  const roomOne = [...byName.values()].filter(
    (record) => record[records[0]!.indexOf(`Room ${run} (select)`)] === 'Room 1',
  );
  expect(roomOne).toHaveLength(250);
  // A filtered list is counted to 200: four pages and more.
  await expect(page.getByText('Page 1 of 4+')).toBeVisible();
  const installed = records[0]!.indexOf(`Installed ${run} (date)`);
  const firstDay = roomOne.map((record) => record[installed]!).sort()[0]!;
  // The list writes a date field's value the reader's way (ADR 118): "Mar 2, 2024" in English.
  const firstDayShown = new Date(`${firstDay}T00:00:00Z`).toLocaleDateString('en', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const shownRows = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.textContent));
  await expect.poll(async () => (await shownRows())[0]).toContain(firstDayShown);
  expect(await shownRows()).toHaveLength(50);

  // 50 of them ticked and printed on Avery L7160: every QR code is its asset's public page.
  await page.getByLabel('Select all assets on this page').check();
  const bar = page.getByRole('region', { name: 'Actions on the selected assets' });
  await expect(bar).toContainText('50 assets selected');
  const ticked = await table
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((cell) => cell.childNodes[0]?.textContent ?? ''));
  await bar.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Print labels' });
  await labels.getByLabel('Label layout').selectOption('avery-l7160');
  const downloadingPdf = page.waitForEvent('download');
  await labels.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = new Uint8Array(await readFile(await (await downloadingPdf).path()));
  const codes = (
    await Promise.all((await pdfPagesAsPng(pdf, 200)).map((png) => findQrCodes(png, 200)))
  ).flat();
  const organizationId = (await apiSignIn(page.request, E2E_ADMIN)).organizationId;
  expect(codes.map((code) => code.text).sort()).toEqual(
    ticked.map((name) => new URL(`/a/${organizationId}/${byName.get(name)![0]}`, page.url()).href).sort(),
  );
  await page.keyboard.press('Escape');

  // The export goes into a new organization and gives the same assets there.
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const organization = await api.post<{ id: string }>('/api/admin/organizations', { name: `Branch ${run}` });
  const newAdmin = {
    email: `branch-${run}@example.com`,
    password: 'branch-password-1',
    displayName: 'Branch admin',
  };
  await api.post('/api/admin/users', { ...newAdmin, isAdmin: true, organizationId: organization.id });
  const branch = await browser.newPage();
  await signIn(branch, newAdmin);
  await uploadFile(branch, 'assets.csv', exported.toString('utf8'));
  await expect(branch.getByText('Recognised as a Maintenance QR export.')).toBeVisible();
  // The fields come with their types, read from the column names.
  for (const [column, type] of [
    [`Room ${run} (select)`, 'Select'],
    [`Installed ${run} (date)`, 'Date'],
  ]) {
    await expect(
      branch.getByRole('group', { name: `New custom field for ${column}` }).getByLabel('Type'),
    ).toHaveValue(type!);
  }
  await branch.getByRole('button', { name: 'Check the file' }).click();
  await expect(
    branch.getByText('All 1,000 rows passed the check: 1,000 create, 0 update, 0 unchanged.'),
  ).toBeVisible();
  await branch.getByRole('button', { name: 'Import 1,000 assets' }).click();
  await expect(branch.getByText('Import finished: 1,000 created, 0 updated, 0 unchanged.')).toBeVisible({
    timeout: 60_000,
  });
  await branch.goto('/assets');
  const copied = await exportAssets(
    branch,
    'Every asset of the organization, with a column for each custom field.',
  );
  // The run's columns (other tests' fields of the shared organization came along, empty).
  const kept = [
    'Slug',
    'Name',
    'Description',
    `Serial ${run}`,
    `Room ${run} (select)`,
    `Installed ${run} (date)`,
  ];
  const runColumns = (rows: string[][]) =>
    rows
      .slice(1)
      .map((row) => kept.map((header) => row[rows[0]!.indexOf(header)]))
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
  expect(runColumns(copied)).toEqual(runColumns(records));

  // One of them retired, restored, retired again and deleted.
  const [slug, name] = runColumns(copied)[0]!;
  await branch.getByLabel('Search by name or slug').fill(slug!);
  // The row of that asset once the search has answered: until then the list is the whole register,
  // and rows moving under the pointer can take the click to another asset.
  const assetTable = branch.getByRole('table', { name: 'Assets' });
  await expect
    .poll(async () =>
      (await assetTable.locator('tbody tr').allInnerTexts()).every((row) => row.includes(slug!)),
    )
    .toBe(true);
  await assetTable.getByRole('link', { name: `Open ${name}`, exact: true }).click();
  await expect(branch.getByRole('heading', { name: name!, level: 1 })).toBeVisible();
  const retire = async () => {
    await branch.getByRole('button', { name: 'Retire asset' }).click();
    await branch
      .getByRole('dialog', { name: 'Retire this asset?' })
      .getByRole('button', { name: 'Retire asset' })
      .click();
    await expect(branch.getByRole('region', { name: 'Retired asset' })).toBeVisible();
  };
  await retire();
  await branch.getByRole('button', { name: 'Restore asset' }).click();
  await expect(branch.getByRole('link', { name: 'Edit asset' })).toBeVisible();
  await retire();
  await branch.getByRole('button', { name: 'Delete asset' }).click();
  const confirm = branch.getByRole('dialog', { name: 'Delete this asset for good?' });
  await confirm.getByLabel('Type the asset name to confirm').fill(name!);
  await confirm.getByRole('button', { name: 'Delete asset' }).click();
  await expect(branch).toHaveURL(/\/assets$/);
  await branch.getByLabel('Search by name or slug').fill(slug!);
  await expect(branch.getByText('No assets match your search.')).toBeVisible();
  await branch.close();
});
