import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// ADRs 092 and 093: re-importing the same Snipe-IT-shaped file updates nothing and creates nothing
// ("0 create, N unchanged"), and an import is undone and discarded, with the keyboard only.

/** Snipe-IT's own sample (22 assets), its asset tags and names made this run's own. */
async function snipeItFile(run: string): Promise<string> {
  const sample = await readFile(
    new URL('../../apps/server/src/test/peer-files/snipeit-assets-sample.csv', import.meta.url),
    'utf8',
  );
  const [header, ...rows] = sample.split(/\r?\n/).filter((line) => line.trim() !== '');
  // The third column is "Asset Tag" (no quotes in it), the second "Name".
  const own = rows.map((row) =>
    row.replace(/^((?:"[^"]*"|[^,]*),)([^,]*),([^,]*),/, `$1$2 ${run},$3-${run},`),
  );
  return `${[header, ...own].join('\r\n')}\r\n`;
}

/** Presses Tab until `target` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('The keyboard never reached the control.');
}

/** Uploads a file from the upload page with the keyboard: the file input opens its chooser on Space. */
async function uploadWithKeyboard(page: Page, name: string, text: string) {
  await page.goto('/assets/import');
  await tabTo(page, page.getByLabel('CSV file', { exact: true }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
  await expect(page.getByText('Recognised as a Snipe-IT export.')).toBeVisible();
}

/** Checks, then imports, the uploaded file with the keyboard; answers what the check said. */
async function checkAndImport(page: Page, said: string, finished: string) {
  await expect(page.getByLabel('Match existing assets by')).toHaveValue('externalId');
  await tabTo(page, page.getByRole('button', { name: 'Check the file' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(said)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: 'Import 22 assets' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(finished)).toBeVisible({ timeout: 60_000 });
}

test('a Snipe-IT file imported twice creates its assets once; the first import is undone, then discarded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = uniqueSuffix();
  const file = await snipeItFile(run);
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const assetsOfRun = async () =>
    (await api.get<{ name: string }[]>(`/api/assets?search=${run}&pageSize=100`)).length;
  await signIn(page, E2E_ADMIN);

  await uploadWithKeyboard(page, `snipe-it-${run}.csv`, file);
  const firstUrl = page.url();
  await checkAndImport(
    page,
    'All 22 rows passed the check: 22 create, 0 update, 0 unchanged.',
    'Import finished: 22 created, 0 updated, 0 unchanged.',
  );
  expect(await assetsOfRun()).toBe(22);

  // The same file again: every row finds its asset by its asset tag, and nothing is written.
  await uploadWithKeyboard(page, `snipe-it-${run}-again.csv`, file);
  await tabTo(page, page.getByRole('button', { name: 'Check the file' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('All 22 rows passed the check: 0 create, 0 update, 22 unchanged.')).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expectNoViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Import 22 assets' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Import finished: 0 created, 0 updated, 22 unchanged.')).toBeVisible({
    timeout: 60_000,
  });
  expect(await assetsOfRun()).toBe(22);

  // The first import undone from its page, after its dialog says what it does.
  await page.goto(firstUrl);
  await tabTo(page, page.getByRole('button', { name: 'Undo import' }));
  await page.keyboard.press('Enter');
  const undo = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(
    undo.getByText('Undoing deletes the 22 assets the import created. It cannot be undone itself.'),
  ).toBeVisible();
  await expectNoViolations(page);
  await tabTo(page, undo.getByRole('button', { name: 'Undo import' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^This import was undone on /)).toBeVisible();
  expect(await assetsOfRun()).toBe(0);

  // Then discarded from the recent imports: the list no longer shows it.
  await page.goto('/assets/import');
  const recent = page.getByRole('table', { name: 'Imports' });
  await expect(recent.getByRole('link', { name: `snipe-it-${run}.csv`, exact: true })).toBeVisible();
  await tabTo(page, recent.getByRole('button', { name: `Discard the import snipe-it-${run}.csv` }));
  await page.keyboard.press('Enter');
  const discard = page.getByRole('dialog', { name: 'Discard this import?' });
  await expect(discard.getByText(`snipe-it-${run}.csv`)).toBeVisible();
  await expectNoViolations(page);
  await tabTo(page, discard.getByRole('button', { name: 'Discard', exact: true }));
  await page.keyboard.press('Enter');
  await expect(recent.getByRole('link', { name: `snipe-it-${run}.csv`, exact: true })).toHaveCount(0);
  await expect(recent.getByRole('link', { name: `snipe-it-${run}-again.csv`, exact: true })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`matching, the check's warnings and the undo and discard dialogs pass axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const run = uniqueSuffix();
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    const upload = async (name: string, text: string) => {
      await page.goto('/assets/import');
      await page
        .getByLabel('CSV file', { exact: true })
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
    };
    const file = `Name,Room\r\nAxe pump ${run},Hall\r\nAxe fan ${run},Roof\r\n`;
    await upload(`axe-${run}.csv`, file);
    await expect(page.getByLabel('Match existing assets by')).toHaveValue('none');
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('button', { name: 'Import 2 assets' }).click();
    await expect(page.getByText('Import finished: 2 created, 0 updated, 0 unchanged.')).toBeVisible({
      timeout: 30_000,
    });
    const imported = page.url();

    // The same names again, not matched: both rows are listed as warnings.
    await upload(`axe-${run}-again.csv`, file);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('table', { name: 'Warnings' })).toBeVisible();
    await expectNoViolations(page);

    await page.goto(imported);
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Undo this import?' }).getByText(/^Undoing deletes/),
    ).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/assets/import');
    await page.getByRole('button', { name: `Discard the import axe-${run}.csv` }).click();
    await expect(page.getByRole('dialog', { name: 'Discard this import?' })).toBeVisible();
    await expectNoViolations(page);
  });
}
