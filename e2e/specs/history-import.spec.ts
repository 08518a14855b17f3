import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

/**
 * A logbook of an asset's past maintenance, with a meter reading (a new Number field, named by its
 * header's type); `broken` adds a row for an unknown asset and a day that does not exist.
 */
function logbook(run: string, slug: string, broken: boolean): string {
  const lines = [
    `Asset,Title,Date,Status,Notes,Meter ${run} (number)`,
    `${slug.toUpperCase()},Oil change ${run},2024-03-05,Done,Drained and refilled,1200`,
    `${slug},Belt check ${run},2024-04-01 09:30,In progress,,1250`,
  ];
  if (broken) lines.push(`no-such-asset-${run},Filter swap ${run},2024-04-02,,,1300`);
  lines.push(`${slug},Filter swap ${run},${broken ? '31/04/2024' : '2024-04-30'},Pending,,1300`);
  return `${lines.join('\r\n')}\r\n`;
}

async function uploadHistory(page: Page, name: string, text: string) {
  await page.goto('/assets/import');
  await page.getByRole('radio', { name: 'Maintenance history' }).check();
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
}

function eventItem(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

test('an administrator imports a logbook with bad rows, fixes it, and sees the events on the asset page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const run = uniqueSuffix();
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const asset = await api.post<{ id: string; slug: string }>('/api/assets', { name: `Compressor ${run}` });
  await signIn(page, E2E_ADMIN);

  await page.goto('/assets');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import from CSV', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Assets' })).toBeChecked();

  await uploadHistory(page, 'logbook-broken.csv', logbook(run, asset.slug, true));
  await expect(page.getByText('4 rows of maintenance history, separated by commas.')).toBeVisible();
  await expect(page.getByLabel('Import Asset as')).toHaveValue('asset');
  await expect(page.getByLabel('Import Date as')).toHaveValue('performedAt');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('2 problems found. Fix them in the file and upload it again.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems' });
  const problem = (row: number, column: string, message: string) =>
    problems
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(row), exact: true }) })
      .filter({ has: page.getByRole('cell', { name: column, exact: true }) })
      .filter({ hasText: message });
  await expect(
    problem(
      4,
      'Asset',
      'No asset of this organization has this slug: import the asset first, or correct the slug.',
    ),
  ).toHaveCount(1);
  await expect(
    // Rows as the spreadsheet numbers them; the day-first date (31/04) made the check read dates so.
    problem(
      5,
      'Date',
      'Performed at "31/04/2024" must be a date written as 15.03.2021 or a date and time such as 15.03.2021 14:30.',
    ),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await uploadHistory(page, 'logbook.csv', logbook(run, asset.slug, false));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('All 3 rows passed the check.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 events' }).click();
  await expect(page.getByText('Import finished: 3 events added, 0 skipped as already recorded.')).toBeVisible(
    {
      timeout: 30_000,
    },
  );

  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: 'Maintenance events' })).toBeVisible();
  const oil = eventItem(page, `Oil change ${run}`);
  await expect(oil.getByText('Completed', { exact: true })).toBeVisible();
  await expect(oil.getByText('Drained and refilled')).toBeVisible();
  // The event's Number value is written the reader's way (ADR 118): 1,200 in English.
  await expect(oil.getByText('1,200', { exact: true })).toBeVisible();
  await expect(eventItem(page, `Belt check ${run}`).getByText('In progress', { exact: true })).toBeVisible();
  await expect(eventItem(page, `Filter swap ${run}`).getByText('Pending', { exact: true })).toBeVisible();
  // Newest performed first.
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([
    `Filter swap ${run}`,
    `Belt check ${run}`,
    `Oil change ${run}`,
  ]);

  // The same file again adds nothing.
  await uploadHistory(page, 'logbook-again.csv', logbook(run, asset.slug, false));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByRole('button', { name: 'Import 3 events' }).click();
  await expect(page.getByText('Import finished: 0 events added, 3 skipped as already recorded.')).toBeVisible(
    {
      timeout: 30_000,
    },
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the history import's upload and problems pass axe in ${colorScheme} mode @phone`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await page.goto('/assets/import');
    await page.getByRole('radio', { name: 'Maintenance history' }).check();
    await expect(page.getByRole('heading', { name: 'Recent imports' })).toBeVisible();
    await expectNoViolations(page);
    await uploadHistory(page, 'axe.csv', 'Asset,Title,Performed at\r\nno-such-asset,Oil,2024-01-01\r\n');
    await expect(page.getByText('Status: Pending, In progress or Completed', { exact: false })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('table', { name: 'Problems' })).toBeVisible();
    await expectNoViolations(page);
  });
}
