import { readFile } from 'node:fs/promises';
import { findQrCodes, pdfPagesAsPng } from '@mqr/pdf-testing';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const ASSETS = 80;
const ZONES = ['A', 'B', 'C'];

/**
 * A register of its own: "List {run} 1" to "List {run} 80", made in that order, in zone A, B or C by
 * turns, with a load of 3 × its number except every tenth, which has none.
 */
async function makeRegister(page: Page, run: string): Promise<{ publicUrls: Map<string, string> }> {
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const publicUrls = new Map<string, string>();
  const zone = await api.post<{ id: string }>('/api/admin/fields', {
    target: 'Asset',
    label: `Zone ${run}`,
    key: `zone_${run}`,
    dataType: 'Select',
    optionsJson: JSON.stringify(ZONES),
  });
  const load = await api.post<{ id: string }>('/api/admin/fields', {
    target: 'Asset',
    label: `Load ${run}`,
    key: `load_${run}`,
    dataType: 'Number',
  });
  for (let i = 1; i <= ASSETS; i++) {
    const fields = [{ fieldId: zone.id, value: ZONES[i % 3] }];
    if (i % 10 !== 0) fields.push({ fieldId: load.id, value: String(i * 3) });
    const asset = await api.post<{ name: string; publicUrl: string }>('/api/assets', {
      name: `List ${run} ${i}`,
      fields,
    });
    publicUrls.set(asset.name, asset.publicUrl);
  }
  return { publicUrls };
}

/** The names in the list's table, top to bottom. */
async function namesShown(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Assets' });
  return table
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((cell) => cell.childNodes[0]?.textContent ?? ''));
}

/**
 * The names of the assets of zones A and B (numbers that are not a multiple of 3 plus 2) by load, low
 * to high or high to low; those without a load last either way, newest first.
 */
function zonesAandB(run: string, order: 'asc' | 'desc'): string[] {
  const numbers = Array.from({ length: ASSETS }, (_, index) => index + 1).filter((i) => i % 3 !== 2);
  const valued = numbers.filter((i) => i % 10 !== 0).sort((a, b) => (order === 'asc' ? a - b : b - a));
  const empty = numbers.filter((i) => i % 10 === 0).sort((a, b) => b - a);
  return [...valued, ...empty].map((i) => `List ${run} ${i}`);
}

test('a member of staff filters and sorts the list, shares it, exports it, and sets a value on all it shows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = uniqueSuffix();
  const { publicUrls } = await makeRegister(page, run);
  await signIn(page, E2E_ADMIN);
  await page.goto('/assets');

  // Search the run's register, keep zones A and B, show the load, sort by it (high to low).
  await page.getByLabel('Search by name or slug').fill(`List ${run}`);
  await expect(page.getByRole('table', { name: 'Assets' }).getByText(`List ${run} 80`)).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Filter assets' });
  const zone = panel.getByRole('group', { name: `Zone ${run}` });
  await zone.getByLabel('A', { exact: true }).check();
  await zone.getByLabel('B', { exact: true }).check();
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('button', { name: `Remove filter Zone ${run}: A or B` })).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Columns' });
  await columns.getByLabel(`Load ${run}`).check();
  await columns.getByRole('button', { name: 'Done' }).click();
  const table = page.getByRole('table', { name: 'Assets' });
  await table.getByRole('button', { name: `Load ${run}` }).click();
  await expect(table.getByRole('columnheader', { name: `Load ${run}` })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // Numbers in order: 3, 9, 12 (not "12" before "9" as text would have it).
  await expect.poll(() => namesShown(page)).toEqual(zonesAandB(run, 'asc').slice(0, 50));
  await table.getByRole('button', { name: `Load ${run}` }).click();
  await expect(table.getByRole('columnheader', { name: `Load ${run}` })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const expected = zonesAandB(run, 'desc');
  await expect.poll(() => namesShown(page)).toEqual(expected.slice(0, 50));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // The URL holds the view: a reload (or a colleague opening the link) shows the same list.
  const shared = page.url();
  expect(new URL(shared).searchParams.getAll('filter')).toHaveLength(2);
  await page.reload();
  await expect.poll(() => namesShown(page)).toEqual(expected.slice(0, 50));
  await expect(page.getByLabel('Search by name or slug')).toHaveValue(`List ${run}`);
  await expect(page.getByRole('button', { name: `Remove filter Zone ${run}: A or B` })).toBeVisible();
  await expect(page.getByLabel('Order')).toHaveValue('desc');
  // Page 2 ends with the assets without a load, newest first.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => namesShown(page)).toEqual(expected.slice(50));

  // The export has the list's filter and order.
  await page.getByRole('button', { name: 'Export', exact: true }).first().click();
  await expect(
    page.getByText(
      'The assets the list shows with its filters, in its order, with a column for each custom field.',
    ),
  ).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download assets' }).click();
  const records: string[][] = parse(await readFile(await (await downloading).path()), { bom: true });
  expect(records.slice(1).map((record) => record[1])).toEqual(expected);
  await page.keyboard.press('Escape');

  // Tick two rows, then the page, then every asset the view shows.
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByLabel(`Select ${expected[0]}`).check();
  await page.getByLabel(`Select ${expected[1]}`).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected assets' });
  await expect(bar).toContainText('2 assets selected');
  await page.getByLabel('Select all assets on this page').check();
  await expect(bar).toContainText('50 assets selected');

  // The 50 ticked assets' labels on Avery L7160: every QR code is its asset's public page.
  await bar.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Print labels' });
  await labels.getByLabel('Label layout').selectOption('avery-l7160');
  await expect(labels.getByText('50 labels on 3 sheets.')).toBeVisible();
  const downloadingPdf = page.waitForEvent('download');
  await labels.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = new Uint8Array(await readFile(await (await downloadingPdf).path()));
  const codes = (
    await Promise.all((await pdfPagesAsPng(pdf, 200)).map((png) => findQrCodes(png, 200)))
  ).flat();
  expect(codes.map((code) => code.text).sort()).toEqual(
    expected
      .slice(0, 50)
      .map((name) => publicUrls.get(name))
      .sort(),
  );
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Select all ${expected.length} matching` }).click();
  await expect(bar).toContainText(`All ${expected.length} matching assets are selected.`);

  // Every one of them goes to zone C: none is left in zones A and B.
  await bar.getByRole('button', { name: 'Set field value' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a field value' });
  await expect(dialog).toContainText(`For all ${expected.length} assets the list shows.`);
  await dialog.getByLabel('Field', { exact: true }).selectOption({ label: `Zone ${run}` });
  await dialog.getByLabel(`Zone ${run}`).selectOption('C');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Changed ${expected.length} assets of ${expected.length}.`)).toBeVisible();
  await expect(page.getByText('No assets match these filters.')).toBeVisible();
  await page.getByRole('button', { name: `Remove filter Zone ${run}: A or B` }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the asset list with its filters, columns and a selection passes axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    const api = await apiSignIn(page.request, E2E_ADMIN);
    const run = uniqueSuffix();
    const field = await api.post<{ id: string }>('/api/admin/fields', {
      target: 'Asset',
      label: `Axe zone ${run}`,
      key: `axe_zone_${run}`,
      dataType: 'Select',
      optionsJson: JSON.stringify(ZONES),
    });
    await api.post('/api/assets', { name: `Axe list ${run}`, fields: [{ fieldId: field.id, value: 'A' }] });
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await page.goto(`/assets?search=${encodeURIComponent(`Axe list ${run}`)}&filter=${field.id}:any:A`);
    await expect(page.getByRole('table', { name: 'Assets' }).getByText(`Axe list ${run}`)).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel(`Select Axe list ${run}`).check();
    await expect(page.getByRole('region', { name: 'Actions on the selected assets' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Set field value' }).click();
    await expect(page.getByRole('dialog', { name: 'Set a field value' })).toBeVisible();
    await expectNoViolations(page);
  });
}
