import { SSO_MESSAGES } from '@mqr/contracts';
import { startTestIdentityProvider, type TestIdentityProvider } from '@mqr/oidc-testing';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, organizations, users } from '#server/db/schema.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createUser, type FixtureUser } from '#server/test/fixtures.ts';
import { putSsoSettings, ssoSettingsFor } from '#server/test/sso-fixtures.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { SIGN_IN_SETTINGS_ALERT } from '../reminders/index.ts';

// Every change to how people sign in is emailed to all of the organization's administrators
// (ADR 082), through the email outbox and a real SMTP server.

let smtp: TestSmtp;
let t: TestApp & Tenants;
let idp: TestIdentityProvider;
let inactiveAdmin: FixtureUser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const app = await buildTestApp(
    {
      ssoAllowHttp: true,
      webhooksAllowPrivateAddresses: true,
      smtpUrl: smtp.url,
      smtpFrom: 'maintenance@example.com',
    },
    { dailyDigest: false },
  );
  t = Object.assign(app, await createTenants(app));
  inactiveAdmin = await createUser(t.db, t.orgA.organization.id, { isAdmin: true, isActive: false });
  idp = await startTestIdentityProvider({ redirectUris: [`${t.config.publicBaseUrl}/login/sso`] });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await smtp?.close();
});

/** The alerts written to the outbox, by recipient, once each has been sent. */
async function sentAlerts() {
  const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, SIGN_IN_SETTINGS_ALERT));
  return rows.map((row) => [row.recipient, row.state]).sort();
}

describe('an email to every administrator when the sign-in settings change', () => {
  it('goes to each active administrator of the organization (its super administrators too), no one else, and tells what changed without the secret', async () => {
    const response = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['acme.test'], { createUsers: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(2);
    const administrators = [t.orgA.admin.email, t.superA.email].sort();
    expect(smtp.received.flatMap((message) => message.to).sort()).toEqual(administrators);
    await expect.poll(sentAlerts).toEqual(administrators.map((email) => [email, 'sent']));

    const [text] = smtp.textsTo(t.superA.email);
    const message = smtp.received.find((m) => m.to.includes(t.superA.email))!.mail;
    expect(message.subject).toBe(`${t.orgA.organization.name}: sign-in settings were changed`);
    expect(text).toContain(`Hello Root,`);
    expect(text).toContain(
      `Admin A (${t.orgA.admin.email}) changed the single sign-on settings of ${t.orgA.organization.name} on `,
    );
    expect(text).toContain(`- ${SSO_MESSAGES.issuerLabel}: (none) → ${idp.issuer}`);
    expect(text).toContain(`- ${SSO_MESSAGES.enabledLabel}: (none) → On`);
    expect(text).toContain(`- ${SSO_MESSAGES.clientSecretLabel}: (none) → [changed]`);
    expect(text).toContain('If not, act now');
    for (const received of smtp.received) {
      expect(received.mail.text).not.toContain(idp.clientSecret);
      expect(String(received.mail.html)).not.toContain(idp.clientSecret);
    }
    expect(smtp.textsTo(inactiveAdmin.email)).toEqual([]);
    expect(smtp.textsTo(t.orgA.member.email)).toEqual([]);
  });

  it("tells only that organization's administrators: another organization's change reaches its own", async () => {
    const before = smtp.received.length;
    const response = await putSsoSettings(t.app, t.headers.adminB, ssoSettingsFor(idp, ['b.test']));
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(before + 1);
    await expect.poll(sentAlerts).toContainEqual([t.orgB.admin.email, 'sent']);
    expect(smtp.received.slice(before).flatMap((message) => message.to)).toEqual([t.orgB.admin.email]);
  });

  it('sends nothing for a save that changes nothing, nor for a refused one', async () => {
    const rows = await t.db.$count(emailOutbox);
    const same = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['acme.test'], { createUsers: true, clientSecret: '' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const wrong = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['evil.test'], { currentPassword: 'not the password' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(await t.db.$count(emailOutbox)).toBe(rows);
  });

  it('says which setting changed from what to what', async () => {
    const before = smtp.received.length;
    const response = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['acme.test', 'acme.example'], {
        createUsers: true,
        requireSso: true,
        clientSecret: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(before + 2);
    const [text] = smtp.textsTo(t.orgA.admin.email).slice(-1);
    expect(text).toContain(`- ${SSO_MESSAGES.domainsLabel}: acme.test → acme.test, acme.example`);
    expect(text).toContain(`- ${SSO_MESSAGES.requireSsoLabel}: Off → On`);
    expect(text).not.toContain(SSO_MESSAGES.issuerLabel);
    expect(text).not.toContain(SSO_MESSAGES.clientSecretLabel);
  });

  it('is written in each administrator’s language, our words for the values too (ADR 111)', async () => {
    await t.db
      .update(organizations)
      .set({ defaultLanguage: 'de' })
      .where(eq(organizations.id, t.orgA.organization.id));
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, t.superA.id));
    const before = smtp.received.length;
    const response = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['acme.test'], { createUsers: true, requireSso: false }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(before + 2);

    const [german] = smtp.textsTo(t.orgA.admin.email).slice(-1);
    expect(german).toContain('Guten Tag Admin A,');
    expect(german).toContain(`die Einstellungen für Single Sign-On von ${t.orgA.organization.name} geändert`);
    expect(german).toContain('- Erlaubte E-Mail-Domains: acme.test, acme.example → acme.test');
    expect(german).toContain('- Mitglieder müssen Single Sign-On verwenden: Ein → Aus');
    expect(german).toContain('- Client-Geheimnis: [verborgen] → [geändert]');

    const [spanish] = smtp.textsTo(t.superA.email).slice(-1);
    expect(spanish).toContain('Hola, Root:');
    expect(spanish).toContain('- Los miembros deben usar el inicio de sesión único: Activado → Desactivado');
    expect(spanish).toContain('- Secreto del cliente: [oculto] → [cambiado]');
    for (const text of [german, spanish]) expect(text).not.toMatch(/Hello|Members must|Client secret/);
  });
});
