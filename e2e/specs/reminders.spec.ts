import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { signIn, signOut } from '../support/session.ts';

// The daily digest's switches (docs/product/profile-and-settings.md#daily-digest). The end-to-end
// server has no mail server: the switches save all the same and say that no email is sent. The
// digest itself is tested against a real SMTP server in apps/server/src/modules/reminders.

const USER_SWITCH = 'Email me a daily digest of my due tasks';
const ORGANIZATION_SWITCH = 'Send a daily digest of due tasks by email';
const NO_SERVER = 'This server has no mail server set up (SMTP_URL), so no email is sent.';

/** Both switches back on, whatever happened. */
test.afterEach(async ({ page }) => {
  const admin = await apiSignIn(page.request, E2E_ADMIN);
  await admin.put('/api/admin/organization/settings', { dailyDigest: true });
  const member = await apiSignIn(page.request, E2E_MEMBER);
  await member.put('/api/auth/me', { dailyDigest: true });
});

async function expectSwitch(page: Page, name: string, on: boolean) {
  await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(on));
}

test('a member turns their daily digest off on their profile, and it stays off', async ({ page }) => {
  await signIn(page, E2E_MEMBER);
  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: USER_SWITCH });
  await expectSwitch(page, USER_SWITCH, true);
  await expect(toggle).toContainText(NO_SERVER);
  await toggle.click();
  await expect(page.getByRole('status')).toHaveText('Daily digest turned off.');
  await expectSwitch(page, USER_SWITCH, false);
  await page.goto('/settings');
  await expectSwitch(page, USER_SWITCH, false);
});

test('an administrator turns the organization’s digest off, and members are told @phone', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expectSwitch(page, ORGANIZATION_SWITCH, true);
  await page.getByRole('switch', { name: ORGANIZATION_SWITCH }).press('Space');
  await expect(page.getByRole('status')).toHaveText('Daily digest turned off for the organization.');
  await page.reload();
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expectSwitch(page, ORGANIZATION_SWITCH, false);

  await signOut(page, E2E_ADMIN);
  await signIn(page, E2E_MEMBER);
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: USER_SWITCH })).toContainText(
    'Your organization has turned the daily digest off.',
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the switches pass axe in ${colorScheme} mode @phone`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await page.goto('/profile');
    await expectSwitch(page, USER_SWITCH, true);
    await expectNoViolations(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Organization' }).click();
    await expectSwitch(page, ORGANIZATION_SWITCH, true);
    await expectNoViolations(page);
  });
}
