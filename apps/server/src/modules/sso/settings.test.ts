import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TOKEN_MESSAGES, SSO_MESSAGES, type TCreatedApiToken } from '@mqr/contracts';
import type { TestIdentityProvider } from '@mqr/oidc-testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, ssoSettings } from '#server/db/schema.ts';
import { resolveAll } from '#server/lib/address-guard.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { putSsoSettings, ssoSettingsFor, startProviderFor } from '#server/test/sso-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

// The provider listens on loopback: allowed as for webhooks in tests (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).
const t = tenantWorld({ ssoAllowHttp: true, webhooksAllowPrivateAddresses: true });
let idp: TestIdentityProvider;

beforeAll(async () => {
  idp = await startProviderFor(t);
});
afterAll(async () => {
  await idp?.close();
});

const getSettings = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/organization/sso', headers });
const settingsRow = async (organizationId: string) =>
  (await t.db.select().from(ssoSettings).where(eq(ssoSettings.organizationId, organizationId)))[0];

describe('who may read and change the single sign-on settings', () => {
  it('answers 403 to members, 401 to anyone signed out, and writes nothing', async () => {
    const audits = await t.db.$count(auditLogEntries);
    for (const response of [
      await getSettings(t.headers.memberA),
      await putSsoSettings(t.app, t.headers.memberA, ssoSettingsFor(idp, ['acme.test'])),
      await putSsoSettings(t.app, t.headers.memberA, {}),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await getSettings({})).statusCode).toBe(401);
    expect(await settingsRow(t.orgA.organization.id)).toBeUndefined();
    expect(await t.db.$count(auditLogEntries)).toBe(audits);
  });

  it("an administrator reads and changes only their own organization's settings", async () => {
    const saved = await putSsoSettings(t.app, t.headers.adminB, ssoSettingsFor(idp, ['b.test']));
    expect(saved.statusCode).toBe(200);
    // A's administrator sees A's (none), never B's; saving A's leaves B's as they were.
    const a = await getSettings(t.headers.adminA);
    expect(a.json()).toMatchObject({ configured: false, enabled: false, issuer: '', allowedDomains: [] });
    const before = await settingsRow(t.orgB.organization.id);
    await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['a.test'], { displayName: 'A login' }),
    );
    expect(await settingsRow(t.orgB.organization.id)).toEqual(before);
    expect((await getSettings(t.headers.adminB)).json()).toMatchObject({
      displayName: 'Acme Login',
      allowedDomains: ['b.test'],
    });
  });
});

/** A read-and-write API token of the signed-in user, as an Authorization header. */
async function apiTokenOf(headers: AuthHeaders): Promise<AuthHeaders> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers,
    payload: { name: 'Script', scope: 'write', expiresInDays: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { authorization: `Bearer ${response.json<TCreatedApiToken>().secret}` };
}

describe('changing how people sign in needs a signed-in session and the password (ADR 082)', () => {
  it("refuses an administrator's read-and-write API token, even with the right password, writing nothing", async () => {
    const organizationId = t.orgA.organization.id;
    const token = await apiTokenOf(t.headers.adminA);
    const before = await settingsRow(organizationId);
    const audits = await t.db.$count(auditLogEntries);
    for (const response of [
      await putSsoSettings(t.app, token, ssoSettingsFor(idp, ['acme.test'], { createUsers: true })),
      await getSettings(token),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
    expect(await settingsRow(organizationId)).toEqual(before);
    expect(await t.db.$count(auditLogEntries)).toBe(audits);
  });

  it('refuses a save without the current password, or with a wrong one, and changes nothing', async () => {
    const organizationId = t.orgA.organization.id;
    const before = await settingsRow(organizationId);
    const audits = await t.db.$count(auditLogEntries);
    const { currentPassword: _, ...withoutPassword } = ssoSettingsFor(idp, ['evil.test'], {
      createUsers: true,
    });
    const cases: [object, string][] = [
      [withoutPassword, SSO_MESSAGES.currentPasswordRequired],
      [{ ...withoutPassword, currentPassword: '' }, SSO_MESSAGES.currentPasswordRequired],
      [{ ...withoutPassword, currentPassword: 'not my password' }, SSO_MESSAGES.currentPasswordWrong],
    ];
    for (const [payload, message] of cases) {
      const response = await putSsoSettings(t.app, t.headers.adminA, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toMatchObject([{ path: 'currentPassword', message }]);
    }
    expect(await settingsRow(organizationId)).toEqual(before);
    expect(await t.db.$count(auditLogEntries)).toBe(audits);
  });

  it('counts a wrong password as a failed sign-in: past the limit, 429 even with the right one', async () => {
    const limits = t.app.loginThrottle.limits;
    t.app.loginThrottle.limits = { ...limits, maxFailuresPerEmail: 2 };
    try {
      const admin = await createUser(t.db, t.orgA.organization.id, { isAdmin: true });
      const { headers } = await loginAs(t.app, admin);
      const wrong = ssoSettingsFor(idp, ['acme.test'], { currentPassword: 'guess' });
      for (let i = 0; i < 2; i++) expect((await putSsoSettings(t.app, headers, wrong)).statusCode).toBe(400);
      const right = await putSsoSettings(t.app, headers, ssoSettingsFor(idp, ['acme.test']));
      expect(right.statusCode, right.body).toBe(429);
      // The same counter as signing in with that email.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email, password: admin.password },
      });
      expect(signIn.statusCode).toBe(429);
    } finally {
      t.app.loginThrottle.limits = limits;
    }
  });
});

describe('PUT /api/admin/organization/sso', () => {
  it('saves the settings, seals the secret, never answers it and audits the change', async () => {
    const response = await putSsoSettings(
      t.app,
      t.headers.adminA,
      ssoSettingsFor(idp, ['Acme.TEST', '@acme.test', 'acme.example.'], {
        createUsers: true,
        displayName: ' Acme SSO ',
      }),
    );
    expect(response.statusCode).toBe(200);
    const organizationId = t.orgA.organization.id;
    expect(response.json()).toEqual({
      configured: true,
      enabled: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      displayName: 'Acme SSO',
      allowedDomains: ['acme.test', 'acme.example'],
      createUsers: true,
      requireSso: false,
      redirectUri: 'http://localhost:3000/login/sso',
      signInUrl: `http://localhost:3000/login?organization=${organizationId}`,
    });
    expect(response.body).not.toContain(idp.clientSecret);
    expect((await getSettings(t.headers.adminA)).body).not.toContain(idp.clientSecret);

    const row = await settingsRow(organizationId);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
    expect(t.app.sso.secrets.open(row!.clientSecretSealed)).toBe(idp.clientSecret);

    const [entry] = await auditEntriesOf(t.db, organizationId, organizationId);
    expect(entry).toMatchObject({ action: 'UPDATE', entityType: 'Organization', userId: t.orgA.admin.id });
    expect(entry!.changes).not.toContain(idp.clientSecret);
    expect(JSON.parse(entry!.changes!).changes).toMatchObject({
      ssoDisplayName: { from: 'A login', to: 'Acme SSO' },
      ssoAllowedDomains: { from: 'a.test', to: 'acme.test, acme.example' },
      ssoClientSecret: { from: '[hidden]', to: '[changed]' },
    });
  });

  it('keeps the saved secret when none is sent, and writes nothing when nothing changed', async () => {
    const organizationId = t.orgA.organization.id;
    const sealed = (await settingsRow(organizationId))!.clientSecretSealed;
    const audits = (await auditEntriesOf(t.db, organizationId, organizationId)).length;
    const { clientSecret: _, ...withoutSecret } = ssoSettingsFor(idp, ['acme.test', 'acme.example'], {
      createUsers: true,
      displayName: 'Acme SSO',
    });
    for (const payload of [withoutSecret, { ...withoutSecret, clientSecret: '' }]) {
      const response = await putSsoSettings(t.app, t.headers.adminA, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().hasClientSecret).toBe(true);
    }
    expect((await settingsRow(organizationId))!.clientSecretSealed).toBe(sealed);
    expect((await auditEntriesOf(t.db, organizationId, organizationId)).length).toBe(audits);
  });

  it('refuses a first save without a secret, bad fields, and an issuer whose discovery fails, writing nothing', async () => {
    const organization = t.orgB.organization.id;
    const before = await settingsRow(organization);
    const audits = await t.db.$count(auditLogEntries);
    const cases: [Record<string, string>, object, string, string][] = [
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { issuer: 'not a url' }),
        'issuer',
        SSO_MESSAGES.issuerInvalid,
      ],
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { issuer: `${idp.issuer}?x=1` }),
        'issuer',
        SSO_MESSAGES.issuerInvalid,
      ],
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { clientId: ' ' }),
        'clientId',
        SSO_MESSAGES.clientIdRequired,
      ],
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { displayName: '' }),
        'displayName',
        SSO_MESSAGES.displayNameRequired,
      ],
      [t.headers.adminB, ssoSettingsFor(idp, []), 'allowedDomains', SSO_MESSAGES.domainsRequired],
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['user@b.test']),
        'allowedDomains.0',
        SSO_MESSAGES.domainInvalid,
      ],
      [t.headers.adminB, ssoSettingsFor(idp, ['localhost']), 'allowedDomains.0', SSO_MESSAGES.domainInvalid],
      // Nothing answers there: discovery fails.
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { issuer: 'http://127.0.0.1:9' }),
        'issuer',
        SSO_MESSAGES.discoveryFailed,
      ],
      // An OpenID provider, but not at this path.
      [
        t.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { issuer: `${idp.issuer}/other` }),
        'issuer',
        SSO_MESSAGES.discoveryFailed,
      ],
    ];
    for (const [headers, payload, path, message] of cases) {
      const response = await putSsoSettings(t.app, headers, payload);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toContainEqual({ path, message });
    }
    expect(await settingsRow(organization)).toEqual(before);

    // A first save needs the secret.
    const fresh = await createOrganization(t.db, 'Fresh');
    const { headers } = await loginAs(t.app, await createUser(t.db, fresh.id, { isAdmin: true }));
    const { clientSecret: _, ...noSecret } = ssoSettingsFor(idp, ['fresh.test']);
    const first = await putSsoSettings(t.app, headers, noSecret);
    expect(first.statusCode).toBe(400);
    expect(first.json().fields).toMatchObject([
      { path: 'clientSecret', message: SSO_MESSAGES.clientSecretRequired },
    ]);
    expect(await settingsRow(fresh.id)).toBeUndefined();
    expect(await t.db.$count(auditLogEntries)).toBe(audits);
  });

  it('saves settings turned off without asking the provider, and refuses http issuers unless allowed', async () => {
    const off = await putSsoSettings(
      t.app,
      t.headers.adminB,
      ssoSettingsFor(idp, ['b.test'], { enabled: false, issuer: 'http://127.0.0.1:9' }),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, issuer: 'http://127.0.0.1:9' });

    t.app.sso.allowHttp = false;
    try {
      const response = await putSsoSettings(t.app, t.headers.adminB, ssoSettingsFor(idp, ['b.test']));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject([{ path: 'issuer', message: SSO_MESSAGES.issuerHttp }]);
    } finally {
      t.app.sso.allowHttp = true;
    }
  });

  it('tells an administrator to enter the secret again when it can no longer be read', async () => {
    const organizationId = t.orgB.organization.id;
    await t.db
      .update(ssoSettings)
      .set({ clientSecretSealed: 'v1.AAAA.AAAA.AAAA' })
      .where(eq(ssoSettings.organizationId, organizationId));
    const { clientSecret: _, ...noSecret } = ssoSettingsFor(idp, ['b.test']);
    const response = await putSsoSettings(t.app, t.headers.adminB, noSecret);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject([
      { path: 'clientSecret', message: SSO_MESSAGES.secretUnreadable },
    ]);
    expect((await putSsoSettings(t.app, t.headers.adminB, ssoSettingsFor(idp, ['b.test']))).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/auth/sso/:organizationId', () => {
  it("answers an organization's provider to anyone, and 404 when it is off, unknown or malformed", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/auth/sso/${t.orgA.organization.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organizationId: t.orgA.organization.id,
      organizationName: t.orgA.organization.name,
      displayName: 'Acme SSO',
    });
    await putSsoSettings(t.app, t.headers.adminB, ssoSettingsFor(idp, ['b.test'], { enabled: false }));
    for (const id of [t.orgB.organization.id, '01900000-0000-7000-8000-000000000000', 'nope']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/auth/sso/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: SSO_MESSAGES.notSetUp });
    }
  });
});

describe('providers on private addresses (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES off)', () => {
  const p = tenantWorld({ ssoAllowHttp: true });
  const rowOf = async (organizationId: string) =>
    (await p.db.select().from(ssoSettings).where(eq(ssoSettings.organizationId, organizationId)))[0];

  /** Every URL the app asks its providers for, still through the guard. */
  function recordFetches(): string[] {
    const urls: string[] = [];
    const guarded = p.app.sso.oidc.fetch;
    p.app.sso.oidc.fetch = (url, init) => {
      urls.push(String(url));
      return guarded(url, init);
    };
    return urls;
  }

  it('refuses an issuer on loopback or a name for it before calling it, writing nothing', async () => {
    const urls = recordFetches();
    const audits = await p.db.$count(auditLogEntries);
    const port = new URL(idp.issuer).port;
    for (const issuer of [idp.issuer, `http://localhost:${port}`, 'http://[::1]:9', 'http://10.0.0.8']) {
      const response = await putSsoSettings(
        p.app,
        p.headers.adminA,
        ssoSettingsFor(idp, ['a.test'], { issuer }),
      );
      expect(response.statusCode, `${issuer}: ${response.body}`).toBe(400);
      expect(response.json().fields).toMatchObject([{ path: 'issuer', message: SSO_MESSAGES.issuerPrivate }]);
    }
    expect(urls).toEqual([]);
    expect(await rowOf(p.orgA.organization.id)).toBeUndefined();
    expect(await p.db.$count(auditLogEntries)).toBe(audits);
  });

  it('refuses a provider whose discovery document names a private address the server would call', async () => {
    const issuer = 'https://idp.example';
    const resolve = p.app.sso.resolve;
    const fetch = p.app.sso.oidc.fetch;
    // A public issuer (as DNS would answer) whose document sends the keys to the server's own network.
    p.app.sso.resolve = async (host) =>
      host === 'idp.example' ? [{ address: '93.184.216.34', family: 4 }] : resolveAll(host);
    p.app.sso.oidc.fetch = async () =>
      Response.json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: 'http://127.0.0.1:9/jwks',
      });
    try {
      const response = await putSsoSettings(
        p.app,
        p.headers.adminB,
        ssoSettingsFor(idp, ['b.test'], { issuer, clientId: 'guarded-client' }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual([
        {
          path: 'issuer',
          message: SSO_MESSAGES.endpointPrivate('jwks_uri'),
          messageId: 'sso.endpointPrivate',
          values: { name: 'jwks_uri' },
        },
      ]);
      expect(await rowOf(p.orgB.organization.id)).toBeUndefined();
    } finally {
      p.app.sso.resolve = resolve;
      p.app.sso.oidc.fetch = fetch;
    }
  });

  it('never calls a provider on a private address at sign-in, whatever was saved', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const organizationId = p.orgA.organization.id;
      await p.db.insert(ssoSettings).values({
        organizationId,
        enabled: true,
        issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        clientId: 'saved-before',
        clientSecretSealed: p.app.sso.secrets.seal('secret'),
        displayName: 'Old provider',
        allowedDomains: ['a.test'],
      });
      const start = await p.app.inject({ method: 'POST', url: `/api/auth/sso/${organizationId}/start` });
      expect(start.statusCode, start.body).toBe(503);
      expect(start.json().message).toBe(SSO_MESSAGES.providerUnreachable);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });
});
