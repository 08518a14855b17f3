import { startTestIdentityProvider, type TestIdentityProvider } from '@mqr/oidc-testing';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn, signOut, userMenuButton } from '../support/session.ts';

// Single sign-on (docs/product/sign-in.md#single-sign-on) against a real OpenID provider
// (oidc-provider) started by the spec on this machine: an administrator sets it up on the
// Organization tab with their password, and people sign in through "Sign in with …" and the
// provider's own form; someone who already had a password account links it once (ADR 082).

const PROVIDER_NAME = 'Acme Login';
let idp: TestIdentityProvider;
const domain = `acme-${uniqueSuffix()}.test`;
const ada = { login: 'ada', email: `ada@${domain}`, name: 'Ada Lovelace' };

test.beforeAll(async () => {
  idp = await startTestIdentityProvider({
    redirectUris: [`http://127.0.0.1:${E2E_PORT}/login/sso`],
    accounts: {
      [ada.login]: { email: ada.email, name: ada.name },
      mallory: { email: 'mallory@elsewhere.test', name: 'Mallory' },
    },
  });
});

test.afterAll(async () => {
  await idp?.close();
});

/** Single sign-on off again, whatever happened: the other specs sign in with passwords. */
test.afterEach(async ({ page }) => {
  const admin = await apiSignIn(page.request, E2E_ADMIN);
  await admin.put('/api/admin/organization/sso', {
    enabled: false,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    displayName: PROVIDER_NAME,
    allowedDomains: [domain],
    createUsers: false,
    requireSso: false,
    currentPassword: E2E_ADMIN.password,
  });
});

/** The provider's development sign-in form: any login, any password. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`an administrator sets up single sign-on, and a new person signs in through the provider (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page, E2E_ADMIN);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Organization' }).click();
    const form = page.getByRole('form', { name: 'Single sign-on' });
    await expect(form.getByLabel('Redirect URI')).toHaveValue(`http://127.0.0.1:${E2E_PORT}/login/sso`);
    await expectNoViolations(page);

    await form.getByLabel('Offer single sign-on').check();
    await form.getByLabel('Provider name').fill(PROVIDER_NAME);
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByLabel('Client ID').fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByLabel('Allowed email domains').fill(domain);
    await form.getByLabel('Create accounts on first sign-in').check();
    // Saving asks for the administrator's own password first.
    await form.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(
      form.getByText('Enter your current password to change the single sign-on settings.'),
    ).toBeVisible();
    await form.getByLabel('Current password').fill('not my password');
    await form.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(form.getByRole('alert')).toContainText('Current password is incorrect.');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await form.getByLabel('Current password').fill(E2E_ADMIN.password);
    await form.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(form.getByRole('status')).toHaveText('Single sign-on settings saved.');
    await expect(form.getByLabel('Client secret')).toHaveValue('');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await expectNoViolations(page);
    const link = await form.getByLabel('Sign-in link').inputValue();
    expect(link).toMatch(/\/login\?organization=[0-9a-f-]{36}$/);

    await signOut(page, E2E_ADMIN);
    await page.goto(link);
    const button = page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` });
    await expect(button).toBeVisible();
    await expect(page.getByText('or with your email and password')).toBeVisible();
    await expectNoViolations(page);

    // A first sign-in creates the account (a member), then opens the dashboard.
    const person =
      colorScheme === 'light' ? ada : { login: 'grace', email: `grace@${domain}`, name: 'Grace Hopper' };
    idp.accounts.set(person.login, { email: person.email, name: person.name });
    await button.click();
    await signInAtProvider(page, person.login);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(userMenuButton(page, { displayName: person.name })).toBeVisible();

    // Signed out, the sign-in page offers this browser's provider again.
    await signOut(page, { displayName: person.name });
    await expect(page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  });
}

test('someone outside the allowed domains is told so plainly, and not signed in @phone', async ({ page }) => {
  const admin = await apiSignIn(page.request, E2E_ADMIN);
  const saved = await admin.put<{ signInUrl: string }>('/api/admin/organization/sso', {
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    displayName: PROVIDER_NAME,
    allowedDomains: [domain],
    createUsers: true,
    requireSso: false,
    currentPassword: E2E_ADMIN.password,
  });
  await page.goto(new URL(saved.signInUrl).pathname + new URL(saved.signInUrl).search);
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await signInAtProvider(page, 'mallory');
  await expect(page).toHaveURL(/\/login\/sso$/);
  await expect(page.getByRole('alert')).toHaveText(/^Email addresses at elsewhere\.test cannot sign in to /);
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`someone with a password account links it once, then the provider signs them in (${colorScheme}) @phone`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const admin = await apiSignIn(page.request, E2E_ADMIN);
    // A person with a password account, known to the provider by the same address.
    const person = {
      login: `linker-${uniqueSuffix()}`,
      email: `linker-${uniqueSuffix()}@${domain}`,
      password: 'linker-password',
      displayName: 'Lin Ker',
    };
    await admin.post('/api/admin/users', {
      email: person.email,
      displayName: person.displayName,
      password: person.password,
      isAdmin: false,
      isActive: true,
      canEditCompletedMaintenanceEvents: false,
    });
    idp.accounts.set(person.login, { email: person.email, name: 'Lin at the provider' });
    const saved = await admin.put<{ signInUrl: string }>('/api/admin/organization/sso', {
      enabled: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      displayName: PROVIDER_NAME,
      allowedDomains: [domain],
      createUsers: false,
      requireSso: false,
      currentPassword: E2E_ADMIN.password,
    });
    const link = new URL(saved.signInUrl);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await signInAtProvider(page, person.login);

    // The provider vouched for the address, but the account has its own password: nobody is signed in yet.
    const form = page.getByRole('form', { name: 'Link your account' });
    await expect(form).toContainText(`${person.email} already has an account at`);
    await expectNoViolations(page);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(form.getByText('The password is incorrect.')).toBeVisible();
    await expectNoViolations(page);
    await form.getByLabel('Password').fill(person.password);
    await form.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(userMenuButton(page, person)).toBeVisible();

    // Linked: the next time, the provider alone signs them in (its session is still open, so it
    // sends the browser straight back).
    await signOut(page, person);
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(userMenuButton(page, person)).toBeVisible();
  });
}
