import { startWebhookReceiver, type TestWebhookReceiver } from '@mqr/webhook-testing';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

let receiver: TestWebhookReceiver;

test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver?.close();
});

async function openWebhooksTab(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  return page.getByRole('tabpanel', { name: 'Webhooks' });
}

async function expectAccessibleInBothThemes(page: Page) {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoViolations(page);
  }
}

test('an administrator subscribes an endpoint, a receiver verifies what it gets, and a delivery is sent again @phone', async ({
  page,
  request,
}) => {
  // A real delivery, its retry after the receiver's refusal and a redelivery: on a slow machine more than the default 30 s.
  test.setTimeout(60_000);
  const name = `Webhook pump ${uniqueSuffix()}`;
  await signIn(page, E2E_ADMIN);
  const panel = await openWebhooksTab(page);
  await expectAccessibleInBothThemes(page);

  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await panel.getByLabel('Endpoint URL').fill(receiver.url);
  await panel.getByLabel('Description').fill('Test receiver');
  await panel.getByRole('group', { name: 'Events to send' }).getByLabel('Asset created').check();
  await expectAccessibleInBothThemes(page);
  await panel.getByRole('button', { name: 'Save endpoint' }).click();

  const secretField = panel.getByLabel('Secret', { exact: true });
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.secret = await secretField.inputValue();
  await expect(panel.getByText('it will not be shown again')).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);
  const row = panel.getByRole('row').filter({ hasText: receiver.url });
  await expect(row).toContainText('Asset created');
  await expect(row).toContainText('On');

  // A change: the receiver gets it once, its signature verified with the secret shown.
  const admin = await apiSignIn(request, E2E_ADMIN);
  await admin.post('/api/assets', { name });
  await expect.poll(() => receiver.received.find((m) => m.data.name === name)?.type).toBe('asset.created');
  const message = receiver.received.find((m) => m.data.name === name)!;
  expect(receiver.rejected).toBe(0);

  await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
  const log = panel.getByRole('table', { name: `Deliveries to ${receiver.url}` });
  const delivery = log.getByRole('row').filter({ hasText: message.id });
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('204');
  await expect(delivery).toContainText(' ms');
  await expectAccessibleInBothThemes(page);

  // Redeliver: the same webhook-id again, which the receiver recognizes.
  await delivery.getByRole('button', { name: /^Redeliver Asset created/ }).click();
  await expect.poll(() => receiver.verifiedIds.filter((id) => id === message.id).length).toBe(2);
  expect(receiver.received.filter((m) => m.id === message.id)).toHaveLength(1);
  // On a phone the stacked table names each cell with its column too.
  await expect(delivery.getByRole('cell', { name: /^(Attempts )?2$/ })).toBeVisible();

  // Deleting it stops the deliveries.
  await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(panel.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
  const requests = receiver.requests;
  await admin.post('/api/assets', { name: `${name} after` });
  await page.waitForTimeout(1500);
  expect(receiver.requests).toBe(requests);
});

test('an endpoint without events or with a bad address is refused on the form', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  const panel = await openWebhooksTab(page);
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await panel.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(panel.getByText('Endpoint URL is required')).toBeVisible();
  await expect(panel.getByText('Choose at least one event.')).toBeVisible();
  await panel.getByLabel('Endpoint URL').fill('ftp://files.example.com/');
  await panel.getByRole('group', { name: 'Events to send' }).getByLabel('Task overdue').check();
  await panel.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(panel.getByText('The endpoint URL must start with https://.')).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
});
