import { readFile } from 'node:fs/promises';
import { type FoundQrCode, findQrCodes, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const ROWS = 12;
const DPI = 200;
const MM = 72 / 25.4;
/**
 * Avery L7160 as Avery publishes it (A4, 3 × 7 labels of 63.5 × 38.1 mm): the first label's top left
 * corner and the distance from one label to the next, in millimetres.
 */
const L7160 = { columns: 3, top: 15.15, left: 7.21, across: 66.04, down: 38.1, width: 63.5, height: 38.1 };

/** The label position (1 = top left, counted left to right, then top to bottom) a QR code's centre lies on. */
function positionOf(code: FoundQrCode): number | undefined {
  const column = Math.floor((code.x / MM - L7160.left) / L7160.across);
  const row = Math.floor((code.y / MM - L7160.top) / L7160.down);
  const insideX = code.x / MM - L7160.left - column * L7160.across <= L7160.width;
  const insideY = code.y / MM - L7160.top - row * L7160.down <= L7160.height;
  return column >= 0 && row >= 0 && insideX && insideY ? row * L7160.columns + column + 1 : undefined;
}

/** A register of ROWS assets with a slug (so their public URLs are known) and a serial number. */
function register(run: string): string {
  const lines = [`Name,Slug,Serial ${run}`];
  for (let row = 1; row <= ROWS; row++) lines.push(`Label ${run} ${row},label-${run}-${row},SN-${row}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** Clicks the dialog's "Download PDF" and reads the PDF the browser saved. */
async function downloadPdf(page: Page, dialog: Locator): Promise<Uint8Array> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(dialog.getByText('The PDF is downloaded.')).toBeVisible();
  return new Uint8Array(await readFile(await download.path()));
}

/** The width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('an administrator prints the labels of a new import from label 4, then one asset’s label on a roll', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const run = uniqueSuffix();
  const { organizationId } = await apiSignIn(request, E2E_ADMIN);
  const publicUrl = (row: number) => `http://127.0.0.1:${E2E_PORT}/a/${organizationId}/label-${run}-${row}`;
  await signIn(page, E2E_ADMIN);

  await page.goto('/assets/import');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'labels.csv', mimeType: 'text/csv', buffer: Buffer.from(register(run)) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // Labels print public fields only (ADR 091): the new serial field is made public.
  await page
    .getByRole('group', { name: `New custom field for Serial ${run}`, exact: true })
    .getByRole('checkbox', { name: 'Public' })
    .check();
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(
    page.getByText(`All ${ROWS} rows passed the check: ${ROWS} create, 0 update, 0 unchanged.`),
  ).toBeVisible();
  await page.getByRole('button', { name: `Import ${ROWS} assets` }).click();
  await expect(page.getByText(`Import finished: ${ROWS} created, 0 updated, 0 unchanged.`)).toBeVisible({
    timeout: 30_000,
  });

  const print = page.getByRole('button', { name: `Print labels for the ${ROWS} new assets` });
  await print.click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByLabel('Label layout')).toHaveValue('avery-l7160');
  await dialog.getByLabel('Start at label').fill('4');
  await dialog.getByLabel('Custom field to print').selectOption({ label: `Serial ${run}` });
  await expect(dialog.getByText(`${ROWS} labels on 1 sheet, from label 4 of the first.`)).toBeVisible();
  const pdf = await downloadPdf(page, dialog);

  const pages = await pdfPagesAsPng(pdf, DPI);
  expect(pages).toHaveLength(1);
  const codes = await findQrCodes(pages[0]!, DPI);
  // Every asset's code is found on the label its place in the file gives it, from label 4 on:
  // labels 1 to 3 stay empty for the used part of the sheet.
  expect(codes).toHaveLength(ROWS);
  const byPosition = new Map(codes.map((code) => [positionOf(code), code.text]));
  for (let row = 1; row <= ROWS; row++) expect(byPosition.get(row + 3), `row ${row}`).toBe(publicUrl(row));
  for (const position of [1, 2, 3]) expect(byPosition.has(position)).toBe(false);
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  expect(text).toContain(`Serial ${run}: SN-7`);
  expect(text).toContain(`Label ${run} 12`);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(print).toBeFocused();

  // One asset's label from its page, on a label printer's 2 × 1 in roll.
  await page.goto('/assets');
  await page.getByLabel('Search by name or slug').fill(`label-${run}-5`);
  // Clicked once the search has answered: a click on the list it replaces can land on another row.
  const table = page.getByRole('table', { name: 'Assets' });
  await expect(page).toHaveURL(new RegExp(`search=label-${run}-5`));
  await expect(table.getByRole('link', { name: /^Open / })).toHaveCount(1);
  await table.getByRole('link', { name: `Open Label ${run} 5`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Label ${run} 5`, level: 1 })).toBeVisible();
  await page.getByRole('region', { name: 'QR code' }).getByRole('button', { name: 'Print label' }).click();
  await dialog.getByLabel('Label layout').selectOption({ label: 'Label printer, 2 × 1 in' });
  await expect(dialog.getByLabel('Start at label')).toHaveCount(0);
  await expect(dialog.getByText('1 label, each on its own page for the label printer.')).toBeVisible();
  const roll = await pdfPagesAsPng(await downloadPdf(page, dialog), DPI);
  expect(roll).toHaveLength(1);
  expect(pngSize(roll[0]!)).toEqual({ width: 2 * DPI, height: DPI });
  expect((await findQrCodes(roll[0]!, DPI)).map((code) => code.text)).toEqual([publicUrl(5)]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the label dialog passes axe in ${colorScheme} mode @phone`, async ({ page }) => {
    const api = await apiSignIn(page.request, E2E_ADMIN);
    const asset = await api.post<{ id: string }>('/api/assets', { name: `Axe label ${uniqueSuffix()}` });
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await page.goto(`/assets/${asset.id}`);
    await page.getByRole('button', { name: 'Print label' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog.getByText('1 label on 1 sheet.')).toBeVisible();
    await expectNoViolations(page);
    await dialog.getByLabel('Start at label').fill('99');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    await expect(
      dialog.getByText('Start position must be a whole number from 1 to 21, the labels on one sheet.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Start at label')).toBeFocused();
    await expectNoViolations(page);
  });
}
