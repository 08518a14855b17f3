import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, apiNewOrganization, apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

/**
 * Locations (docs/product/locations.md): an administrator builds a tree of three levels on the
 * screens, opens a site and sees its rooms' assets and rolled-up overdue counts, moves a room to
 * another building, prints a location's QR code (decoded with zbarimg to the location's page), prints
 * the labels of a site's tree and of a selection of its buildings (each PDF page rendered with
 * pdftoppm, its codes decoded with zbarimg to the locations' pages), and the move of an asset shows in
 * its history. Each test works in an organization of its own.
 */

const run = promisify(execFile);
const DAY_MS = 86_400_000;
/** The day `days` after today (UTC, the new organization's time zone), as YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A new organization with its administrator, signed in on the page and through the API. */
async function newOrganization(page: Page, request: APIRequestContext, name: string) {
  const admin = {
    email: `locations-${uniqueSuffix()}@example.com`,
    password: 'locations-password-1',
    displayName: 'Lou Cation',
  };
  const api = await apiNewOrganization(request, E2E_ADMIN, name, admin);
  await signIn(page, admin);
  return { api, admin };
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Locations' });
const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

/** Adds a location in the open "Add a location" dialog, and waits for it in the tree. */
async function addLocation(page: Page, name: string, details: { address?: string } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Add a location' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (details.address) await dialog.getByLabel('Address').fill(details.address);
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} added.` })).toBeVisible();
}

/** Chooses, with the keyboard only, the first answer of a tree picker for `text`. */
async function pickWithKeyboard(picker: Locator, text: string, expected: string) {
  await picker.focus();
  await picker.pressSequentially(text);
  const page = picker.page();
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(expected);
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-activedescendant', /.+/);
  await picker.press('Enter');
  await expect(picker).toHaveValue(expected);
}

/**
 * Clicks the label dialog's "Download PDF" and answers every QR code of the PDF: each page rendered
 * at 200 dpi (pdftoppm), its codes read by zbarimg.
 */
async function downloadedLabelCodes(page: Page, dialog: Locator): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(dialog.getByText('The PDF is downloaded.')).toBeVisible();
  const folder = await mkdtemp(join(tmpdir(), 'location-labels-'));
  try {
    await run('pdftoppm', ['-r', '200', '-png', (await download.path())!, join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((file) => file.endsWith('.png'));
    expect(pages.length).toBeGreaterThan(0);
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', ...pages.map((file) => join(folder, file))]);
    return stdout.split('\n').filter((line) => line.trim() !== '');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The address of a location's page, its QR code's, as the API answers it. */
const pageOf = async (api: ApiSession, id: string) =>
  (await api.get<{ publicUrl: string }>(`/api/locations/${id}`)).publicUrl;

test.describe('locations', () => {
  test.afterEach(async ({ request }) => {
    // The server's clock, moved to make a task overdue, goes back to the real time.
    const superAdmin = await apiSignIn(request, E2E_ADMIN);
    await superAdmin.delete('/api/test/clock');
  });

  test('an administrator builds a tree, follows the counts up it, moves a room, and scans its code', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const id = uniqueSuffix();
    const { api } = await newOrganization(page, request, `Sites ${id}`);

    // A tree of three levels, on the screens: a site, two buildings, a room.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
    await expect(page.getByText(/^No locations yet\. Add a site/)).toBeVisible();
    await page.getByRole('button', { name: 'Add location' }).click();
    await addLocation(page, 'Plant A', { address: '1 Mill Road' });
    for (const building of ['Building 1', 'Building 2']) {
      await node(page, 'Plant A').click();
      await page.getByRole('button', { name: 'Add inside' }).click();
      await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Inside' })).toHaveValue('Plant A');
      await addLocation(page, building);
    }
    // The tree with the keyboard: Right opens the site, Down goes to its first building.
    await node(page, 'Plant A').focus();
    await page.keyboard.press('ArrowRight');
    await expect(node(page, 'Building 1')).toHaveAttribute('aria-level', '2');
    await page.keyboard.press('ArrowDown');
    await expect(node(page, 'Building 1')).toBeFocused();
    await expect(page.getByText('Selected: Plant A / Building 1')).toBeVisible();
    await page.getByRole('button', { name: 'Add inside' }).click();
    await addLocation(page, 'Boiler room');
    await node(page, 'Building 1').focus();
    await page.keyboard.press('ArrowRight');
    await expect(node(page, 'Boiler room')).toHaveAttribute('aria-level', '3');
    await expectNoViolations(page, { screen: 'the locations tree' });

    // An asset placed in the room with the tree picker, by keyboard alone.
    await page.goto('/assets/new');
    await page.getByLabel('Name', { exact: true }).fill('Boiler 1');
    await pickWithKeyboard(
      page.getByRole('combobox', { name: 'Location' }),
      'boiler',
      'Plant A / Building 1 / Boiler room',
    );
    await page.getByRole('button', { name: 'Create asset' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Boiler 1' })).toBeVisible();
    const room = page.getByRole('link', { name: 'Plant A / Building 1 / Boiler room' });
    const roomId = (await room.getAttribute('href'))!.split('/').at(-1)!;
    const boilerId = page.url().split('/').at(-1)!;

    // A pump in the room too, with a motor as its component; the boiler's task goes overdue.
    const pump = await api.post<{ id: string }>('/api/assets', { name: 'Pump 1', locationId: roomId });
    await api.post('/api/assets', { name: 'Pump 1 motor', parentAssetId: pump.id });
    await api.post('/api/admin/schedules', {
      assetId: boilerId,
      title: 'Monthly check',
      recurrence: { pattern: 'interval', every: 1, unit: 'month' },
      startsOn: dayFromNow(2),
      leadDays: 7,
    });
    const superAdmin = await apiSignIn(request, E2E_ADMIN);
    await superAdmin.put('/api/test/clock', { now: `${dayFromNow(5)}T09:00:00Z` });

    // The site shows its rooms' assets and the overdue task, rolled up.
    await page.goto('/locations');
    await expect(node(page, 'Plant A')).toContainText('1 overdue');
    await node(page, 'Plant A').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Plant A' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Location details' });
    await expect(details.getByText('2 assets', { exact: true })).toBeVisible();
    await expect(details.getByText('1 overdue', { exact: true })).toBeVisible();
    await expect(details.getByText('1 Mill Road')).toBeVisible();
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect(assets.getByRole('row')).toHaveCount(3);
    await expect(assets.getByRole('link', { name: 'Plant A / Building 1 / Boiler room' })).toHaveCount(2);
    await expectNoViolations(page, { screen: 'a site’s page' });

    // The room moves to the other building, with its assets and counts.
    await page
      .getByRole('region', { name: 'Locations inside' })
      .getByRole('link', { name: 'Building 1' })
      .click();
    await page
      .getByRole('region', { name: 'Locations inside' })
      .getByRole('link', { name: 'Boiler room' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Boiler room' })).toBeVisible();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move Boiler room' });
    await pickWithKeyboard(
      move.getByRole('combobox', { name: 'New place' }),
      'building 2',
      'Plant A / Building 2',
    );
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Boiler room moved to Plant A / Building 2.' }),
    ).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Location path' });
    await expect(crumbs).toHaveText(/All locations\s*\/?\s*Plant A\s*\/?\s*Building 2\s*\/?\s*Boiler room/);
    await page.goto('/locations');
    await node(page, 'Plant A').focus();
    await page.keyboard.press('ArrowRight');
    await expect(node(page, 'Building 2')).toContainText('1 overdue');
    await expect(node(page, 'Building 1')).toContainText('0 assets');

    // The pump moves to another room from the room's list; its history says so.
    await page.goto(`/locations/${roomId}`);
    await page.getByRole('checkbox', { name: 'Select Pump 1' }).check();
    await page.getByRole('button', { name: 'Move to location' }).click();
    const bulk = page.getByRole('dialog', { name: 'Move to a location' });
    await pickWithKeyboard(
      bulk.getByRole('combobox', { name: 'Location' }),
      'building 1',
      'Plant A / Building 1',
    );
    await bulk.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText('Moved 1 asset of 1 to Plant A / Building 1.')).toBeVisible();
    await page.goto(`/assets/${pump.id}`);
    await expect(page.getByRole('link', { name: 'Plant A / Building 1', exact: true })).toBeVisible();
    const history = page.getByRole('region', { name: 'Location history' });
    await expect(history.getByRole('listitem').first()).toContainText(
      'Moved from Plant A / Building 2 / Boiler room to Plant A / Building 1',
    );
    await expect(history.getByRole('listitem').first()).toContainText('By Lou Cation');
    const components = page.getByRole('region', { name: 'Components' });
    await expect(components.getByRole('link', { name: 'Pump 1 motor' })).toBeVisible();
    await expectNoViolations(page, { screen: 'an asset page with its components and moves' });

    // The room's QR code decodes (zbarimg) to the room's page, which opens for its staff.
    await page.goto(`/locations/${roomId}`);
    const publicUrl = await page.getByLabel('Public URL').inputValue();
    expect(publicUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORT}/l/${api.organizationId}/[a-z0-9-]+$`),
    );
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download QR' }).click();
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', (await (await downloading).path())!]);
    expect(stdout.trim()).toBe(publicUrl);
    await page.goto(stdout.trim());
    await expect(page).toHaveURL(new RegExp(`/locations/${roomId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Boiler room' })).toBeVisible();

    // For visitors, the room's page once the organization turns public location pages on.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Organization' }).click();
    const publicPages = page.getByRole('switch', { name: 'Public location pages' });
    await expect(publicPages).toHaveAttribute('aria-checked', 'false');
    await publicPages.click();
    await expect(page.getByText('Locations’ public pages turned on.')).toBeVisible();
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(stdout.trim());
    await expect(visitor.getByRole('heading', { level: 1, name: 'Boiler room' })).toBeVisible();
    await expect(visitor.getByText('Plant A / Building 2 / Boiler room')).toBeVisible();
    const boiler = visitor.getByRole('listitem').filter({ hasText: 'Boiler 1' });
    await expect(boiler.getByText('Overdue')).toBeVisible();
    await expect(visitor.getByText('Pump 1', { exact: true })).toHaveCount(0);
    await expectNoViolations(visitor, { screen: 'the public location page' });
    await visitorContext.close();

    // The site's labels from the tree: it and every location inside it, each code its page's address.
    const [plant] = await api.get<{ id: string }[]>('/api/locations');
    const buildings = await api.get<{ id: string; name: string }[]>(`/api/locations?parentId=${plant!.id}`);
    const treePages = await Promise.all(
      [plant!.id, ...buildings.map((b) => b.id), roomId].map((id) => pageOf(api, id)),
    );
    await page.goto('/locations');
    await node(page, 'Plant A').click();
    await page.getByRole('button', { name: 'Print labels' }).click();
    const labels = page.getByRole('dialog', { name: 'Print labels' });
    await expect(labels.getByLabel('Locations to print')).toHaveValue('0');
    await expect(labels.getByLabel('Locations to print').locator('option:checked')).toHaveText(
      'Plant A and every location inside it',
    );
    // Locations have no custom fields: the dialog offers none.
    await expect(labels.getByLabel('Custom field to print')).toHaveCount(0);
    await labels.getByLabel('Label layout').selectOption('avery-5163');
    await expect(
      labels.getByText('One label for the location and one for each location inside it'),
    ).toBeVisible();
    expect((await downloadedLabelCodes(page, labels)).sort()).toEqual([...treePages].sort());
    await expectNoViolations(page, { screen: 'the label dialog of a location' });
    await page.keyboard.press('Escape');

    // A selection of the site's buildings, from its page: their labels only.
    await page.goto(`/locations/${plant!.id}`);
    const inside = page.getByRole('region', { name: 'Locations inside' });
    for (const building of buildings) {
      await inside.getByRole('checkbox', { name: `Select ${building.name} for labels` }).check();
    }
    await expect(inside.getByText('2 locations selected')).toBeVisible();
    await inside.getByRole('button', { name: 'Print their labels' }).click();
    await expect(labels.getByText('2 labels on 1 sheet.')).toBeVisible();
    const selected = await Promise.all(buildings.map((building) => pageOf(api, building.id)));
    expect((await downloadedLabelCodes(page, labels)).sort()).toEqual([...selected].sort());
  });

  test('on a phone, a move into itself is refused with its reason, and a room lists its assets @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = uniqueSuffix();
    const { api } = await newOrganization(page, request, `Phone sites ${id}`);
    const site = await api.post<{ id: string }>('/api/admin/locations', { name: 'Depot' });
    const hall = await api.post<{ id: string }>('/api/admin/locations', { name: 'Hall', parentId: site.id });
    await api.post('/api/assets', { name: 'Forklift', locationId: hall.id });

    await page.goto('/locations');
    await node(page, 'Depot').click();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move Depot' });
    await pickWithKeyboard(move.getByRole('combobox', { name: 'New place' }), 'hall', 'Depot / Hall');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(move.getByRole('alert')).toHaveText(
      'The location could not be moved. A location cannot be moved into itself or into one of the locations inside it.',
    );
    await page.keyboard.press('Escape');
    await expectNoViolations(page, { screen: 'the tree on a phone' });

    await page.goto(`/locations/${hall.id}`);
    await expect(
      page.getByRole('navigation', { name: 'Location path' }).getByRole('link', { name: 'Depot' }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Assets' }).getByText('Forklift', { exact: true }),
    ).toBeVisible();
    await expectNoViolations(page, { screen: 'a room on a phone' });
  });
});
