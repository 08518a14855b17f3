import { SSO_MESSAGES } from '@mqr/contracts';
import { startTestIdentityProvider, type TestIdentityProvider } from '@mqr/oidc-testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '#server/db/schema.ts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp-server.ts';
import { putSsoSettings, ssoSettingsFor } from '#server/test/sso-fixtures.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { SSO_ALERT_TEXTS } from './alert-texts.ts';

// The sign-in settings alert in each administrator's language (ADR 111): the settings' names and
// our words for their values too; what an administrator typed (the issuer) stays as it is.

let smtp: TestSmtp;
let t: TestApp & Tenants;
let idp: TestIdentityProvider;

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
  idp = await startTestIdentityProvider({ redirectUris: [`${t.config.publicBaseUrl}/login/sso`] });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await smtp?.close();
});

describe('the sign-in settings alert’s words', () => {
  it('are in English the settings screen’s labels', () => {
    const en = translatorFor('en');
    const { labels } = SSO_ALERT_TEXTS;
    expect(
      [
        labels.ssoEnabled,
        labels.ssoIssuer,
        labels.ssoClientId,
        labels.ssoClientSecret,
        labels.ssoDisplayName,
        labels.ssoAllowedDomains,
        labels.ssoCreateUsers,
        labels.ssoRequireSso,
      ].map((label) => en.t(label)),
    ).toEqual([
      SSO_MESSAGES.enabledLabel,
      SSO_MESSAGES.issuerLabel,
      SSO_MESSAGES.clientIdLabel,
      SSO_MESSAGES.clientSecretLabel,
      SSO_MESSAGES.displayNameLabel,
      SSO_MESSAGES.domainsLabel,
      SSO_MESSAGES.createUsersLabel,
      SSO_MESSAGES.requireSsoLabel,
    ]);
  });

  it('reach a German organization’s administrators in German, and one who chose Spanish in Spanish', async () => {
    await t.db
      .update(organizations)
      .set({ defaultLanguage: 'de' })
      .where(eq(organizations.id, t.orgA.organization.id));
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, t.superA.id));
    const response = await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test']));
    expect(response.statusCode, response.body).toBe(200);
    await smtp.waitFor(2);

    const [german] = smtp.textsTo(t.orgA.admin.email);
    expect(german).toContain('Guten Tag Admin A,');
    expect(german).toContain(`Admin A (${t.orgA.admin.email}) hat am `);
    expect(german).toContain(`die Einstellungen für Single Sign-On von ${t.orgA.organization.name} geändert`);
    expect(german).toContain(`- Aussteller-URL: (keine) → ${idp.issuer}`);
    expect(german).toContain('- Single Sign-On anbieten: (keine) → Ein');
    expect(german).toContain('- Client-Geheimnis: (keine) → [geändert]');

    const [spanish] = smtp.textsTo(t.superA.email);
    expect(spanish).toContain('Hola, Root:');
    expect(spanish).toContain('- Ofrecer inicio de sesión único: (ninguno) → Activado');
    expect(spanish).toContain('- Secreto del cliente: (ninguno) → [cambiado]');
    for (const text of [german, spanish]) expect(text).not.toMatch(/Hello|Offer single sign-on|Issuer URL/);
  });
});
