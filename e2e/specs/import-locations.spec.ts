import { expect, type Page, test } from '@playwright/test';
import { apiNewOrganization } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

/**
 * An import that builds a tree (docs/product/imports.md#locations-and-parent-assets): a register
 * listing components before their parents, at locations the organization does not have yet. The
 * check lists the first new locations and unfolds the rest; the import sets every parent; its undo
 * moves an asset back, which its history shows. In an organization of its own.
 */

const PARTS = 20;
const LONG = 'Northern distribution centre and cold storage annex';

/** The register: a motor before its pump, parts in rooms of long names, a spare pump moved. */
function register(): string {
  const lines = ['Name,External ID,Location,Parent asset'];
  lines.push('Motor,M-1,Plant A / Pump house,Pump 7');
  lines.push('Pump 7,P-7,Plant A / Pump house,');
  for (let part = 1; part <= PARTS; part++) {
    lines.push(`Part ${part},PART-${part},Plant A / ${LONG} ${part} / Mechanical room ${part},Pump 7`);
  }
  lines.push('Spare pump,SP-1,Plant B / Workshop,');
  return `${lines.join('\r\n')}\r\n`;
}

/** Uploads a file of assets and checks it, on its import's page. */
async function uploadAndCheck(page: Page, csv: string) {
  await page.goto('/assets/import');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/assets\/import\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Check the file' }).click();
}

test('an administrator imports a register that builds its locations and parents, then undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = {
    email: `import-locations-${uniqueSuffix()}@example.com`,
    password: 'import-locations-password-1',
    displayName: 'Ima Porter',
  };
  const api = await apiNewOrganization(request, E2E_ADMIN, `Tree import ${uniqueSuffix()}`, admin);
  const store = await api.post<{ id: string }>('/api/admin/locations/paths', { path: 'Plant A / Store' });
  const spare = await api.post<{ id: string }>('/api/assets', {
    name: 'Spare pump',
    externalId: 'SP-1',
    locationId: store.id,
  });
  await signIn(page, admin);

  await uploadAndCheck(page, register());
  const importPage = page.url();

  // Plant A is there: its pump house, each part's building and room, Plant B and its workshop.
  const newLocations = 1 + PARTS * 2 + 2;
  const list = page.getByRole('list', { name: `${newLocations} new locations will be created:` });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.getByRole('listitem').first()).toHaveText('Plant A / Pump house');
  await expectNoViolations(page, { screen: 'the check listing the new locations' });
  await page.getByRole('button', { name: `Show ${newLocations - 10} more` }).click();
  await expect(list.getByRole('listitem')).toHaveCount(newLocations);
  await expect(list.getByRole('listitem').last()).toHaveText('Plant B / Workshop');
  await expect(page.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoViolations(page, { screen: 'the check with every listed new location' });

  await page.getByRole('button', { name: /^Import \d+ assets$/ }).click();
  await expect(page.getByText(`Import finished: ${PARTS + 2} created, 1 updated, 0 unchanged.`)).toBeVisible({
    timeout: 60_000,
  });

  // The motor came before its pump in the file, and is its component all the same.
  await page.goto('/assets');
  await page.getByLabel('Search by name or slug').fill('Pump 7');
  // Opened by its address: the list may still redraw for the search as the link is clicked.
  const open = page.getByRole('table', { name: 'Assets' }).getByRole('link', { name: 'Open Pump 7' });
  await page.goto((await open.getAttribute('href'))!);
  const components = page.getByRole('region', { name: 'Components' });
  await expect(components.getByRole('link', { name: 'Motor' })).toBeVisible();

  // Undone: the spare pump goes back to the store, as its history says.
  await page.goto(importPage);
  await page.getByRole('button', { name: 'Undo import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(
    dialog.getByText('One of them goes back to the location it was at: its history will show the move.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText(/^This import was undone on /)).toBeVisible();
  await page.goto(`/assets/${spare.id}`);
  const history = page.getByRole('region', { name: 'Location history' });
  await expect(history.getByRole('listitem').first()).toContainText(
    'Moved from Plant B / Workshop to Plant A / Store',
  );
  await expect(history.getByRole('listitem').first()).toContainText('By Ima Porter');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the check's new locations pass axe on a phone in ${colorScheme} mode @phone`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    // Paths of long levels, one a single word of 60 letters: they wrap within the phone's width.
    const word = 'Kühlhausverteilzentrumsnebengebäudetechnikraumlüftungsanlage';
    const lines = ['Name,Location'];
    for (let row = 1; row <= 12; row++)
      lines.push(`Axe ${row},Site ${uniqueSuffix()} / ${LONG} / ${word} ${row}`);
    await uploadAndCheck(page, lines.join('\r\n'));
    const list = page.getByRole('list', { name: '36 new locations will be created:' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Show 26 more' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(36);
    // Nothing wider than the screen: the page does not scroll sideways.
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoViolations(page);
  });
}
