import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_MEMBER, E2E_PORT } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** A request as a script makes it: Node's fetch, the token alone (no cookie, no XSRF header). */
function withToken(secret: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function openTokensTab(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  return page.getByRole('tabpanel', { name: 'API tokens' });
}

test('a member creates an API token, a script uses it, and it stops once revoked @phone', async ({
  page,
}) => {
  const name = `Nightly sync ${uniqueSuffix()}`;
  await signIn(page, E2E_MEMBER);
  const panel = await openTokensTab(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoViolations(page);
  }

  await panel.getByLabel('Token name').fill(name);
  await panel.getByLabel('Access').selectOption({ label: 'Read and write' });
  await panel.getByLabel('Expires after').selectOption({ label: '90 days' });
  await panel.getByRole('button', { name: 'Create token' }).click();

  const secretField = panel.getByLabel('Token', { exact: true });
  await expect(secretField).toHaveValue(/^mqr_[A-Za-z0-9_-]{43}$/);
  const secret = await secretField.inputValue();
  await expect(panel.getByText('it will not be shown again')).toBeVisible();
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoViolations(page);

  // The script: reads, writes without any XSRF header, and may not touch the account.
  const assets = await withToken(secret, '/api/assets');
  expect(assets.status).toBe(200);
  const created = await withToken(secret, '/api/assets', {
    method: 'POST',
    body: { name: `Made by ${name}` },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const profile = await withToken(secret, '/api/auth/me', { method: 'PUT', body: { displayName: 'Script' } });
  expect(profile.status).toBe(403);

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);
  await page.reload();
  const reloaded = await openTokensTab(page);
  const row = reloaded.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Read and write');
  await expect(row).not.toContainText('Never');
  await expect(reloaded).not.toContainText(secret);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText(name);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reloaded.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  const refused = await withToken(secret, '/api/assets');
  expect(refused.status).toBe(401);
});
