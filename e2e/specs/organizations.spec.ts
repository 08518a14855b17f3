import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn, signOut, userMenuButton } from '../support/session.ts';

async function createUser(
  page: Page,
  user: { email: string; displayName: string; password: string; admin?: boolean; organization?: string },
) {
  const form = page.getByRole('form', { name: /create user/i });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Display name').fill(user.displayName);
  await form.getByLabel('Password').fill(user.password);
  if (user.organization) await form.getByLabel('Organization').selectOption({ label: user.organization });
  if (user.admin) await form.getByLabel('Admin', { exact: true }).check();
  await form.getByRole('button', { name: /create user/i }).click();
  await expect(page.getByRole('cell', { name: user.email, exact: true })).toBeVisible();
}

test('a super admin sets up an organization whose admin and member run it, with an audited trail', async ({
  page,
}) => {
  const run = uniqueSuffix();
  const organization = `Northwind ${run}`;
  const admin = {
    email: `admin-${run}@northwind.test`,
    displayName: `Nora ${run}`,
    password: 'admin-pass-1',
  };
  const member = {
    email: `tech-${run}@northwind.test`,
    displayName: `Tom ${run}`,
    password: 'member-pass-1',
  };

  // A real PNG to use as the logo: an asset's QR code.
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const asset = await api.post<{ id: string }>('/api/assets', { name: `Logo source ${run}` });
  const logo = await (
    await page.request.get(`/api/assets/${asset.id}/qr.png`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
  ).body();

  // Super admin: the organization, its logo, and its administrator.
  await signIn(page, E2E_ADMIN);
  await page.goto('/admin/organizations');
  await page.getByLabel('Name').first().fill(organization);
  await page.getByRole('button', { name: /create organization/i }).click();
  const row = page.getByRole('row').filter({ hasText: organization });
  await expect(row).toBeVisible();
  await expect(row.getByText('No Logo')).toBeVisible();
  await row
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(row.locator('img')).toBeVisible();

  await page.goto('/admin/users');
  await createUser(page, { ...admin, admin: true, organization });
  await signOut(page, E2E_ADMIN);

  // The organization's administrator sees their organization in the header and adds a member.
  await signIn(page, admin);
  const header = page.getByRole('banner');
  await expect(header.getByText(organization)).toBeVisible();
  await expect(header.locator('img[src*="/logo"]')).toBeVisible();
  await page.goto('/admin/users');
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveCount(0);
  await createUser(page, member);
  await signOut(page, admin);

  // The member changes their display name and password.
  await signIn(page, member);
  await page.goto('/profile');
  const renamed = `${member.displayName} Tech`;
  await page.getByLabel('Display name').fill(renamed);
  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password', { exact: true }).fill('member-pass-2');
  await page.getByLabel('Confirm new password').fill('member-pass-2');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(userMenuButton(page, { displayName: renamed })).toBeVisible();

  // The member sees only their own activity.
  await page.goto('/settings/audit-logs');
  await expect(page.getByRole('heading', { name: 'My Activity' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'IP Address' })).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: member.email }).filter({ hasText: 'Updated' }).first(),
  ).toBeVisible();
  await signOut(page, { displayName: renamed });

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();

  // The administrator filters the audit log to users and sees both actions with their IPs.
  await signIn(page, admin);
  await page.goto('/settings/audit-logs');
  await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
  await page.getByLabel('Entity type').selectOption({ label: 'Users' });
  await expect(page.getByText(/^Showing \d+ of \d+ audit logs \(Page 1 of \d+\)$/)).toBeVisible();
  const memberRows = page.getByRole('row').filter({ hasText: member.email });
  await expect(memberRows.filter({ hasText: 'Created' })).toHaveCount(1);
  await expect(memberRows.filter({ hasText: 'Updated' }).first()).toBeVisible();
  await expect(memberRows.first().getByText('127.0.0.1')).toBeVisible();
});
