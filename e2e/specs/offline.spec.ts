import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { type ApiSession, apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { writeQrVideo } from '../support/qr.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { installedApp } from '../support/session.ts';

// The field app works without a connection and never loses a record (docs/product/offline.md).

interface TFile {
  fileName: string;
}
interface TEvent {
  id: string;
  title: string;
  notes: string | null;
  performedAt: string;
  taskStatus: string;
  taskStartedAt: string | null;
  taskCompletedAt: string | null;
  taskCompletedBy: string | null;
  files: TFile[];
}
interface TAsset {
  id: string;
  name: string;
  slug: string;
  organizationId: string;
  publicUrl: string;
  createdAt: string;
  events: TEvent[];
}

test.describe.configure({ timeout: 120_000 });

/** An asset with an open task, made by the administrator; its QR code as a photo; a browser whose camera shows it. */
async function setUp(request: Parameters<typeof apiSignIn>[0]) {
  const run = uniqueSuffix();
  const admin = await apiSignIn(request, E2E_ADMIN);
  const asset = await admin.post<TAsset>('/api/assets', { name: `Boiler room pump ${run}`, fields: [] });
  const task = await admin.post<TEvent>(`/api/assets/${asset.id}/events`, {
    title: `Check pressure ${run}`,
    startTask: false,
  });
  const photo = await (
    await request.get(`/api/assets/${asset.id}/qr.png`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).body();
  const video = path.join(await mkdtemp(path.join(tmpdir(), 'mqr-offline-')), 'label.y4m');
  writeQrVideo(asset.publicUrl, video);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return { run, admin, asset, task, photo, browser };
}

/** The header says offline, the asset opens from the scan, an event with a photo and a completion are recorded. */
async function workOffline(page: Page, context: BrowserContext, setup: Awaited<ReturnType<typeof setUp>>) {
  const { asset, task, photo, run } = setup;
  // The member opened the asset once while online: it is kept on the device.
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Scan QR' }).click();
  // The fake camera shows the asset's label: offline, its kept page opens.
  await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();

  await page.getByRole('button', { name: 'Add maintenance event' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(`Replaced seal ${run}`);
  await dialog.getByLabel('Notes').fill('Recorded in the plant room.');
  await dialog
    .getByLabel('Attachments')
    .setInputFiles([{ name: 'seal.png', mimeType: 'image/png', buffer: photo }]);
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await expect(dialog).toBeHidden();

  page.once('dialog', (confirm) => void confirm.accept());
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: task.title }) })
    .getByRole('button', { name: 'Mark complete' })
    .click();

  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting.getByText(`New maintenance event “Replaced seal ${run}”`)).toBeVisible();
  await expect(waiting.getByText('1 file (< 0.1 MB) kept on this device')).toBeVisible();
  await expect(waiting.getByText(`Complete task “${task.title}”`)).toBeVisible();
  await expect(page.getByRole('link', { name: '2 waiting to send' })).toBeVisible();

  // Reloaded while still offline: the page and the queue come back from the device.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
}

/** Exactly one new event with one attachment, and the task completed once by the member. */
async function expectExactlyOnce(admin: ApiSession, setup: Awaited<ReturnType<typeof setUp>>) {
  const { asset, task, run } = setup;
  const detail = await admin.get<TAsset>(`/api/assets/${asset.id}`);
  const recorded = detail.events.filter((event) => event.title === `Replaced seal ${run}`);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]!.notes).toBe('Recorded in the plant room.');
  expect(recorded[0]!.files.map((file) => file.fileName)).toEqual(['seal.png']);
  expect(detail.events).toHaveLength(2);
  const completed = detail.events.find((event) => event.id === task.id)!;
  expect(completed.taskStatus).toBe('Completed');
  expect(completed.taskCompletedBy).toBe(E2E_MEMBER.displayName);
  const audit = await admin.get<{ action: string; entityId: string }[]>(
    `/api/audit-logs?entityId=${task.id}&pageSize=50`,
  );
  expect(audit.filter((entry) => entry.action === 'COMPLETE_TASK')).toHaveLength(1);
}

test('offline: scan, record an event with a photo, complete a task, reload; back online it is sent exactly once', async ({
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await workOffline(page, context, setup);

    await context.setOffline(false);
    await expect(page.getByRole('region', { name: 'Waiting to send' })).toBeHidden({ timeout: 20_000 });
    // The service worker, its manifest and the uploads run under the app's Content-Security-Policy.
    expect(refused).toEqual([]);
    await expect(page.getByRole('banner').getByText('Offline')).toBeHidden();
    await expect(page.getByRole('heading', { level: 3, name: `Replaced seal ${setup.run}` })).toBeVisible();
    await expectExactlyOnce(setup.admin, setup);
    // Nothing of the API is in the service worker's caches: only the app's files and public pages.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(cached).toContain('/index.html');
  } finally {
    await setup.browser.close();
  }
});

/** The server's clock (TEST_CLOCK), moved to make the sync happen later, and put back. */
async function moveServerClock(admin: ApiSession, now: string | null) {
  if (now) await admin.put('/api/test/clock', { now });
  else expect(await admin.delete<{ moved: boolean }>('/api/test/clock')).toMatchObject({ moved: false });
}

const minutesAfter = (instant: string, minutes: number) =>
  new Date(Date.parse(instant) + minutes * 60_000).toISOString();

/** A task's card on the asset page. */
const taskCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test('work done offline keeps its own times when sent later, and a task sent from offline shows as done offline afterwards', async ({
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  const { admin, asset, run } = setup;
  // Old enough to be on the first page of the pending tasks, kept from the dashboard.
  const task = await admin.post<TEvent>(`/api/assets/${asset.id}/events`, {
    title: `Inspect valves ${run}`,
    performedAt: '2001-01-01T00:00:00.000Z',
    startTask: false,
  });
  // The device's clock as the technician works offline, and the server's when the device is back.
  const recordedAt = minutesAfter(asset.createdAt, 10);
  const startedAt = minutesAfter(asset.createdAt, 20);
  const completedAt = minutesAfter(asset.createdAt, 30);
  const syncedAt = minutesAfter(asset.createdAt, 120);
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    // Read while online: the dashboard's pending tasks and the asset's page are kept on the device.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 3, name: task.title })).toBeVisible();
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(taskCard(page, task.title).getByText('Pending', { exact: true })).toBeVisible();

    await context.setOffline(true);
    await page.clock.setFixedTime(recordedAt);
    await page.getByRole('button', { name: 'Add maintenance event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(`Greased hinges ${run}`);
    await dialog.getByRole('button', { name: 'Save event' }).click();
    await expect(dialog).toBeHidden();
    await page.clock.setFixedTime(startedAt);
    page.once('dialog', (confirm) => void confirm.accept());
    await taskCard(page, task.title).getByRole('button', { name: 'Start task' }).click();
    await page.clock.setFixedTime(completedAt);
    page.once('dialog', (confirm) => void confirm.accept());
    await taskCard(page, task.title).getByRole('button', { name: 'Mark complete' }).click();
    const waiting = page.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(3);
    // Each change is recorded with the time it was made on the device.
    const times = waiting.locator('time');
    await expect
      .poll(() => times.evaluateAll((items) => items.map((item) => item.getAttribute('datetime'))))
      .toEqual([recordedAt, startedAt, completedAt]);
    // Done on this device at once, and still so after a reload without a connection.
    await expect(taskCard(page, task.title).getByText('Completed', { exact: true })).toBeVisible();
    await page.reload();
    await expect(waiting.getByRole('listitem')).toHaveCount(3);
    await expect(taskCard(page, task.title).getByText('Completed', { exact: true })).toBeVisible();

    // Two hours later the device is back: the outbox is sent with the times the work was done.
    await moveServerClock(admin, syncedAt);
    await page.clock.setFixedTime(syncedAt);
    await context.setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 20_000 });
    const detail = await admin.get<TAsset>(`/api/assets/${asset.id}`);
    // The new event ("Start task immediately", as the form has it): performed and started when recorded.
    expect(detail.events.find((event) => event.title === `Greased hinges ${run}`)).toMatchObject({
      performedAt: recordedAt,
      taskStatus: 'InProgress',
      taskStartedAt: recordedAt,
    });
    expect(detail.events.find((event) => event.id === task.id)).toMatchObject({
      taskStatus: 'Completed',
      taskStartedAt: startedAt,
      taskCompletedAt: completedAt,
      taskCompletedBy: E2E_MEMBER.displayName,
    });

    // Offline again: the kept pages show the task done, and the event sent.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(taskCard(page, task.title).getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: `Greased hinges ${run}` })).toBeVisible();
    await page.goto('/dashboard');
    const listed = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: task.title }) });
    await expect(listed.getByText('Completed', { exact: true })).toBeVisible();
    await expect(listed.getByRole('button', { name: 'Mark complete' })).toBeHidden();

    // An asset this device never kept: offline, says so and what can still be done, no error.
    const other = await admin.post<TAsset>('/api/assets', { name: `Roof fan ${run}`, fields: [] });
    await page.goto(`/assets/${other.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveText(
      'You are offline. This asset was not kept on this device: open it once while online to keep it. You can still record work on the assets kept on this device.',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await moveServerClock(admin, null);
    await setup.browser.close();
  }
});

test('an asset moved offline among the locations kept on this device: sent once back online, at the time it was made, in its history; a move to a location deleted meanwhile is Not sent', async ({
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  const { admin, asset, run } = setup;
  const plant = await admin.post<{ id: string }>('/api/admin/locations', { name: `Plant ${run}` });
  await admin.post('/api/admin/locations', { name: `Boiler room ${run}`, parentId: plant.id });
  const shed = await admin.post<{ id: string }>('/api/admin/locations', { name: `Shed ${run}` });
  await admin.post(`/api/assets/${asset.id}/location`, { locationId: plant.id });
  const movedAt = minutesAfter(asset.createdAt, 10);
  const syncedAt = minutesAfter(asset.createdAt, 120);
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(page.getByRole('definition').getByRole('link', { name: `Plant ${run}` })).toBeVisible();
    // Online, the technician looks up the places in the move dialog: the device keeps what it read.
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Move ${asset.name}` });
    const picker = dialog.getByRole('combobox', { name: 'Location' });
    for (const name of [`Boiler room ${run}`, `Shed ${run}`]) {
      await picker.fill(name.toLowerCase());
      await expect(dialog.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Offline, after a reload: the page, where the asset is, and when the device read it.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await expect(page.getByRole('definition').getByRole('link', { name: `Plant ${run}` })).toBeVisible();
    await expect(page.getByText(/^Offline: last seen at /)).toBeVisible();

    await page.clock.setFixedTime(movedAt);
    for (const name of [`Shed ${run}`, `Boiler room ${run}`]) {
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      dialog = page.getByRole('dialog', { name: `Move ${asset.name}` });
      await expect(dialog.getByText(`Now at Plant ${run}.`)).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
        /Offline: last seen at /,
      );
      await dialog.getByRole('combobox', { name: 'Location' }).fill(name.split(' ')[0]!.toLowerCase());
      await expect(dialog.getByRole('option', { name: new RegExp(name) })).toBeVisible();
      await expectNoViolations(page, { screen: 'the move dialog offline, its list open' });
      await dialog.getByRole('option', { name: new RegExp(name) }).click();
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
    const waiting = page.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(2);
    await expect(waiting.getByText(`Move to “Shed ${run}”`)).toBeVisible();
    await expect(waiting.getByText(`Move to “Plant ${run} / Boiler room ${run}”`)).toBeVisible();

    // Meanwhile the shed is deleted; two hours later the device is back.
    await admin.delete(`/api/admin/locations/${shed.id}`);
    await moveServerClock(admin, syncedAt);
    await page.clock.setFixedTime(syncedAt);
    await context.setOffline(false);
    const refused = waiting.getByRole('listitem');
    await expect(refused).toHaveCount(1, { timeout: 20_000 });
    await expect(refused.getByText('Not sent')).toBeVisible();
    await expect(refused).toContainText(
      `“Shed ${run}” no longer exists: the asset was not moved. Discard this change and move the asset again.`,
    );
    const history = page.getByRole('region', { name: 'Location history' });
    await expect(
      history.getByText(`Moved from Plant ${run} to Plant ${run} / Boiler room ${run}`),
    ).toBeVisible();
    await expect(
      page.getByRole('definition').getByRole('link', { name: `Plant ${run} / Boiler room ${run}` }),
    ).toBeVisible();

    // Moved once, stamped when it was made on the device.
    const moves = await admin.get<{ movedAt: string; toPath: string | null; movedBy: string }[]>(
      `/api/assets/${asset.id}/moves`,
    );
    expect(moves.map((move) => move.toPath)).toEqual([`Plant ${run} / Boiler room ${run}`, `Plant ${run}`]);
    expect(moves[0]).toMatchObject({ movedAt, movedBy: E2E_MEMBER.displayName });

    // Discarded, nothing waits any more.
    page.once('dialog', (confirm) => void confirm.accept());
    await refused.getByRole('button', { name: 'Discard' }).click();
    await expect(waiting).toBeHidden();
  } finally {
    await moveServerClock(admin, null);
    await setup.browser.close();
  }
});

test('a page closed in the middle of a sync and opened again still sends everything exactly once', async ({
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    await workOffline(page, context, setup);

    // The event's request reaches the server, which saves it; the page closes before the answer arrives.
    let reached: () => void = () => {};
    const serverSaved = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await context.route(`**/api/assets/${setup.asset.id}/events`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      reached();
      // The answer never comes back to the page.
      await new Promise(() => {});
    });
    await context.setOffline(false);
    await serverSaved;
    await page.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });

    const reopened = await context.newPage();
    // The event is sent again with its Idempotency-Key: the server answers with what it saved the first time.
    const replay = reopened.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/assets/${setup.asset.id}/events`) &&
        response.request().method() === 'POST',
    );
    await reopened.goto(`/assets/${setup.asset.id}`);
    expect((await replay).headers()['idempotent-replayed']).toBe('true');
    await expect(reopened.getByRole('heading', { level: 1, name: setup.asset.name })).toBeVisible();
    await expect(reopened.getByRole('region', { name: 'Waiting to send' })).toBeHidden({ timeout: 20_000 });
    await expectExactlyOnce(setup.admin, setup);
  } finally {
    await setup.browser.close();
  }
});

test('a task completed offline that someone else completed meanwhile: who and when, and the notes and photo kept as a new event', async ({
  request,
  baseURL,
}, testInfo) => {
  const setup = await setUp(request);
  const { asset, task, photo, admin } = setup;
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    await context.setOffline(true);

    const item = page.getByRole('article').filter({ has: page.getByRole('heading', { name: task.title }) });
    await item.getByRole('button', { name: 'Edit event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Notes').fill('Found a small leak at the flange.');
    await dialog
      .getByLabel('Attachments')
      .setInputFiles([{ name: 'leak.png', mimeType: 'image/png', buffer: photo }]);
    await dialog.getByRole('button', { name: 'Save event' }).click();
    await expect(dialog).toBeHidden();
    page.once('dialog', (confirm) => void confirm.accept());
    await item.getByRole('button', { name: 'Mark complete' }).click();
    const waiting = page.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(2);

    // Meanwhile, the administrator completes the task from the office.
    await admin.post(`/api/assets/${asset.id}/events/${task.id}/complete`, {});
    await context.setOffline(false);

    await expect(waiting.getByText('Conflict')).toHaveCount(2, { timeout: 20_000 });
    const completedBy = new RegExp(`Already completed by ${E2E_ADMIN.displayName} on `);
    await expect(waiting.getByText(completedBy)).toHaveCount(2);
    await expect(waiting.getByText(/Your notes and files were saved as a new event\./)).toBeVisible();
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath('conflicts.png'), fullPage: true });

    const detail = await admin.get<TAsset>(`/api/assets/${asset.id}`);
    const original = detail.events.find((event) => event.id === task.id)!;
    expect(original).toMatchObject({
      taskStatus: 'Completed',
      taskCompletedBy: E2E_ADMIN.displayName,
      notes: null,
    });
    expect(original.files).toEqual([]);
    const kept = detail.events.filter((event) => event.id !== task.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      title: task.title,
      notes: 'Found a small leak at the flange.',
      // A record of the work done, not a new task.
      taskStatus: 'Completed',
      taskCompletedBy: E2E_MEMBER.displayName,
    });
    expect(kept[0]!.files.map((file) => file.fileName)).toEqual(['leak.png']);

    // Read, the conflicts are dismissed.
    for (let left = 2; left > 0; left -= 1) {
      await waiting.getByRole('button', { name: 'Dismiss' }).first().click();
      await expect(waiting.getByRole('listitem')).toHaveCount(left - 1);
    }
  } finally {
    await setup.browser.close();
  }
});

test('signing out with unsent changes asks first, then leaves no offline data of the user on the device', async ({
  request,
  baseURL,
}) => {
  const setup = await setUp(request);
  try {
    const { context, page } = await installedApp(setup.browser, baseURL);
    await page.goto(`/assets/${setup.asset.id}`);
    await expect(page.getByRole('heading', { level: 1, name: setup.asset.name })).toBeVisible();
    await context.setOffline(true);
    page.once('dialog', (confirm) => void confirm.accept());
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: setup.task.title }) })
      .getByRole('button', { name: 'Start task' })
      .click();
    await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();

    const kept = () =>
      page.evaluate(
        () =>
          new Promise<number[]>((resolve, reject) => {
            const open = indexedDB.open('mqr-offline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction(['queries', 'outbox']);
              const counts = ['queries', 'outbox'].map((name) => tx.objectStore(name).count());
              tx.oncomplete = () => resolve(counts.map((count) => count.result));
            };
          }),
      );
    const [reads, outbox] = await kept();
    // The member's kept copies (one record: the query cache's kept reads) and the waiting start.
    expect(reads).toBe(1);
    expect(outbox).toBe(1);

    const menu = page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`^${E2E_MEMBER.displayName}`) });
    const question =
      'One change has not been sent yet. Signing out deletes it from this device. Sign out anyway?';
    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(question);
      void confirm.dismiss();
    });
    await menu.click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();
    expect(await kept()).toEqual([reads, 1]);

    page.once('dialog', (confirm) => void confirm.accept());
    await menu.click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(kept).toEqual([0, 0]);
    await context.setOffline(false);
    // Nothing was sent: the task is still pending.
    const detail = await setup.admin.get<TAsset>(`/api/assets/${setup.asset.id}`);
    expect(detail.events.find((event) => event.id === setup.task.id)!.taskStatus).toBe('Pending');
  } finally {
    await setup.browser.close();
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the offline screens pass axe in ${colorScheme} mode at 390 px, offline and online`, async ({
    request,
    baseURL,
  }, testInfo) => {
    const setup = await setUp(request);
    try {
      const { context, page } = await installedApp(setup.browser, baseURL);
      await page.emulateMedia({ colorScheme });
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${colorScheme}-${name}.png`), fullPage: true });
      await workOffline(page, context, setup);
      await expectNoViolations(page);
      await shot('asset-offline');

      await page.getByRole('link', { name: '2 waiting to send' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
      await expect(page.getByText('You are offline. What you record is kept on this device')).toBeVisible();
      await expectNoViolations(page);
      await shot('outbox-offline');

      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Scan QR' }).click();
      await expect(page).toHaveURL(new RegExp(`/assets/${setup.asset.id}$`), { timeout: 20_000 });

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Pending maintenance tasks' })).toBeVisible();
      await expectNoViolations(page);
      await shot('dashboard-offline');

      // An asset this device did not keep: offline, said so, never as an error.
      const other = await setup.admin.post<TAsset>('/api/assets', {
        name: `Roof fan ${setup.run}`,
        fields: [],
      });
      await page.goto(`/assets/${other.id}`);
      await expect(page.getByText('This asset was not kept on this device')).toBeVisible();
      await expectNoViolations(page);
      await shot('asset-not-kept-offline');

      await context.setOffline(false);
      await page.goto('/outbox');
      await expect(
        page.getByText('Nothing is waiting: everything recorded on this device has been sent.'),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expectNoViolations(page);
      await shot('outbox-online');
    } finally {
      await setup.browser.close();
    }
  });
}
