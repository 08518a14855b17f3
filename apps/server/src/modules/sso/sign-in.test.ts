import { SSO_MESSAGES } from '@mqr/contracts';
import type { TestIdentityProvider } from '@mqr/oidc-testing';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogEntries, ssoSettings, users } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { createUser, type FixtureUser } from '#server/test/fixtures.ts';
import {
  attemptCookieOf,
  finishSso,
  linkCookieOf,
  linkSso,
  putSsoSettings,
  signInThroughProvider,
  ssoSettingsFor,
  startProviderFor,
  startSso,
} from '#server/test/sso-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const clock = new SettableClock();
const t = tenantWorld({ ssoAllowHttp: true, webhooksAllowPrivateAddresses: true }, { clock });
let idp: TestIdentityProvider;
let ada: FixtureUser;
let orgA: string;

beforeAll(async () => {
  idp = await startProviderFor(t);
  orgA = t.orgA.organization.id;
  ada = await createUser(t.db, orgA, { email: 'ada@acme.test', displayName: 'Ada Lovelace' });
  idp.accounts.set('ada', { email: 'Ada@Acme.test', name: 'Ada at Acme' });
  const saved = await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test']));
  expect(saved.statusCode).toBe(200);
  // Ada had a password account before: she links it once (identities.test.ts), then signs in directly.
  const pending = linkCookieOf(await signInThroughProvider(t.app, idp, orgA, 'ada'));
  expect((await linkSso(t.app, pending, ada.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await idp?.close();
});
beforeEach(() => clock.reset());

/** Users and audit entries: a refused attempt changes neither. */
async function written() {
  return { users: await t.db.$count(users), audits: await t.db.$count(auditLogEntries) };
}

function expectRefusal(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ message });
  expect(response.json().accessToken).toBeUndefined();
}

describe('signing in through the organization provider', () => {
  it("signs in the organization's user with the app's usual token, and clears the attempt cookie", async () => {
    const before = await written();
    const response = await signInThroughProvider(t.app, idp, orgA, 'ada');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
      email: 'ada@acme.test',
      displayName: 'Ada Lovelace',
      isAdmin: false,
      isSuperAdmin: false,
      organizationId: orgA,
      canEditCompletedMaintenanceEvents: false,
    });
    expect(attemptCookieOf(response)).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.json()).toMatchObject({ email: 'ada@acme.test', organizationId: orgA });
    // Signing in is not a change: nothing written.
    expect(await written()).toEqual(before);
  });

  it('sets the attempt cookie HttpOnly and SameSite=Lax, for the sign-in routes only, for 10 minutes', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/auth/sso/${orgA}/start` });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'mqr_sso_attempt')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sso', maxAge: 600 });
    expect(cookie.secure).toBeFalsy();
    const url = new URL(response.json().authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/login/sso',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    // The cookie holds the verifier sealed: neither it nor the state can be read from it.
    expect(cookie.value).not.toContain(url.searchParams.get('state'));
  });

  it('creates a member on first sign-in when the organization allows it, once, audited', async () => {
    idp.accounts.set('grace', { email: 'grace@acme.test', name: 'Grace Hopper' });
    const before = await written();
    // Not allowed yet: refused, nothing created.
    expectRefusal(
      await signInThroughProvider(t.app, idp, orgA, 'grace'),
      403,
      SSO_MESSAGES.noAccount('grace@acme.test', t.orgA.organization.name),
    );
    expect(await written()).toEqual(before);

    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { createUsers: true }));
    const first = await signInThroughProvider(t.app, idp, orgA, 'grace');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      email: 'grace@acme.test',
      displayName: 'Grace Hopper',
      isAdmin: false,
    });
    const [created] = await t.db.select().from(users).where(eq(users.email, 'grace@acme.test'));
    expect(created).toMatchObject({
      organizationId: orgA,
      isAdmin: false,
      isSuperAdmin: false,
      isActive: true,
    });
    const entries = await auditEntriesOf(t.db, orgA, created!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'CREATE',
      entityType: 'AppUser',
      entityName: 'grace@acme.test',
      userId: created!.id,
      userName: 'Grace Hopper',
      ipAddress: '203.0.113.7',
    });
    // Their password is one nobody knows.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'grace@acme.test', password: 'correct horse battery' },
    });
    expect(password.statusCode).toBe(401);

    // The next sign-in finds the account: no second one, no second entry.
    const again = await signInThroughProvider(t.app, idp, orgA, 'grace');
    expect(again.statusCode).toBe(200);
    expect(await t.db.$count(users, eq(users.email, 'grace@acme.test'))).toBe(1);
    expect(await auditEntriesOf(t.db, orgA, created!.id)).toHaveLength(1);
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test']));
  });

  it('names a new member after their email when the provider gives no name', async () => {
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { createUsers: true }));
    idp.accounts.set('nameless', { email: 'nameless@acme.test' });
    const response = await signInThroughProvider(t.app, idp, orgA, 'nameless');
    expect(response.json()).toMatchObject({ displayName: 'nameless' });
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test']));
  });
});

describe('refusals (each writes nothing and signs nobody in)', () => {
  let before: Awaited<ReturnType<typeof written>>;
  beforeAll(async () => {
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { createUsers: true }));
  });
  beforeEach(async () => {
    before = await written();
  });
  const nothingWritten = async () => expect(await written()).toEqual(before);

  it('an email outside the allowed domains', async () => {
    idp.accounts.set('mallory', { email: 'mallory@evil.test' });
    const refused = await signInThroughProvider(t.app, idp, orgA, 'mallory');
    expectRefusal(refused, 403, SSO_MESSAGES.domainNotAllowed('evil.test', t.orgA.organization.name));
    // Its id and values, for the sign-in page to word it in the visitor's language (ADR 113).
    expect(refused.json()).toMatchObject({
      messageId: 'sso.domainNotAllowed',
      values: { domain: 'evil.test', organization: t.orgA.organization.name },
    });
    // A subdomain is another domain.
    idp.accounts.set('sub', { email: 'sub@mail.acme.test' });
    expectRefusal(
      await signInThroughProvider(t.app, idp, orgA, 'sub'),
      403,
      SSO_MESSAGES.domainNotAllowed('mail.acme.test', t.orgA.organization.name),
    );
    await nothingWritten();
  });

  it('an email the provider did not verify, or none at all', async () => {
    idp.accounts.set('unverified', { email: 'unverified@acme.test', emailVerified: false });
    idp.accounts.set('unsaid', { email: 'unsaid@acme.test', emailVerified: null });
    idp.accounts.set('no-email', {});
    for (const login of ['unverified', 'unsaid']) {
      expectRefusal(await signInThroughProvider(t.app, idp, orgA, login), 403, SSO_MESSAGES.emailUnverified);
    }
    expectRefusal(await signInThroughProvider(t.app, idp, orgA, 'no-email'), 403, SSO_MESSAGES.emailMissing);
    await nothingWritten();
  });

  it('a deactivated user', async () => {
    const gone = await createUser(t.db, orgA, { email: 'gone@acme.test', isActive: false });
    before = await written();
    idp.accounts.set('gone', { email: gone.email });
    expectRefusal(
      await signInThroughProvider(t.app, idp, orgA, 'gone'),
      403,
      SSO_MESSAGES.deactivated(t.orgA.organization.name),
    );
    await nothingWritten();
  });

  it("another organization's user with that email is not signed into this one", async () => {
    const bob = await createUser(t.db, t.orgB.organization.id, { email: 'bob@acme.test' });
    before = await written();
    idp.accounts.set('bob', { email: bob.email });
    expectRefusal(
      await signInThroughProvider(t.app, idp, orgA, 'bob'),
      403,
      SSO_MESSAGES.otherOrganization('bob@acme.test', t.orgA.organization.name),
    );
    await nothingWritten();
  });

  it('a super administrator, who keeps signing in with a password', async () => {
    const root = await createUser(t.db, orgA, { email: 'root@acme.test', isAdmin: true, isSuperAdmin: true });
    before = await written();
    idp.accounts.set('root', { email: root.email });
    expectRefusal(
      await signInThroughProvider(t.app, idp, orgA, 'root'),
      403,
      SSO_MESSAGES.superAdministrator,
    );
    await nothingWritten();
  });

  it('a tampered state', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const answer = await idp.authorize(authorizationUrl, 'ada');
    answer.searchParams.set('state', `${answer.searchParams.get('state')}x`);
    expectRefusal(await finishSso(t.app, answer, attempt), 400, SSO_MESSAGES.attemptMismatch);
    await nothingWritten();
  });

  it("the answer to another browser's attempt (its state) with this browser's cookie", async () => {
    const mine = await startSso(t.app, orgA);
    const theirs = await startSso(t.app, orgA);
    const answer = await idp.authorize(theirs.authorizationUrl, 'ada');
    expectRefusal(await finishSso(t.app, answer, mine.attempt), 400, SSO_MESSAGES.attemptMismatch);
  });

  it('an ID token with another nonce than the attempt', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const changed = new URL(authorizationUrl);
    changed.searchParams.set('nonce', 'a-nonce-the-attempt-never-made');
    const answer = await idp.authorize(changed.href, 'ada');
    expectRefusal(await finishSso(t.app, answer, attempt), 400, SSO_MESSAGES.attemptMismatch);
    await nothingWritten();
  });

  it('a replayed answer: its code was already used', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const answer = await idp.authorize(authorizationUrl, 'ada');
    expect((await finishSso(t.app, answer, attempt)).statusCode).toBe(200);
    const replay = await finishSso(t.app, answer, attempt);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/^The identity provider did not sign you in: /);
    expect(replay.json().accessToken).toBeUndefined();
  });

  it('no attempt cookie, a tampered one, or one sealed by another server', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const answer = await idp.authorize(authorizationUrl, 'ada');
    const [version, iv, data, tag] = attempt.split('.');
    // The second last character changed (the last may hold only padding bits), whatever it was.
    const flipped = `${data!.slice(0, -2)}${data!.at(-2) === 'A' ? 'B' : 'A'}${data!.slice(-1)}`;
    const foreign = createSecretBox('another server secret', 'sso sign-in attempt').seal(
      t.app.sso.attempts.open(attempt)!,
    );
    for (const cookie of [undefined, '', 'garbage', `${version}.${iv}.${flipped}.${tag}`, foreign]) {
      expectRefusal(await finishSso(t.app, answer, cookie), 400, SSO_MESSAGES.attemptExpired);
    }
    // The genuine cookie still works: the refusals were about the cookie.
    expect((await finishSso(t.app, answer, attempt)).statusCode).toBe(200);
    await nothingWritten();
  });

  it('an attempt older than 10 minutes', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const answer = await idp.authorize(authorizationUrl, 'ada');
    clock.set(new Date(Date.now() + 10 * 60_000 + 1000));
    expectRefusal(await finishSso(t.app, answer, attempt), 400, SSO_MESSAGES.attemptExpired);
  });

  it('the provider sending back an error, and a provider that cannot be reached', async () => {
    const { attempt } = await startSso(t.app, orgA);
    const denied = new URL(
      'http://localhost:3000/login/sso?error=access_denied&error_description=User+cancelled',
    );
    expectRefusal(
      await finishSso(t.app, denied, attempt),
      400,
      SSO_MESSAGES.providerRefused('User cancelled'),
    );

    const fetch = t.app.sso.oidc.fetch;
    t.app.sso.oidc.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    try {
      // A provider nobody asked yet (another client id): discovery fails, nothing is kept.
      await t.db
        .update(ssoSettings)
        .set({ clientId: 'other-client' })
        .where(eq(ssoSettings.organizationId, orgA));
      const start = await t.app.inject({ method: 'POST', url: `/api/auth/sso/${orgA}/start` });
      expectRefusal(start, 503, SSO_MESSAGES.providerUnreachable);
      expect(attemptCookieOf(start)).toBeUndefined();
      await nothingWritten();
    } finally {
      t.app.sso.oidc.fetch = fetch;
      await putSsoSettings(
        t.app,
        t.headers.adminA,
        ssoSettingsFor(idp, ['acme.test'], { createUsers: true }),
      );
    }
  });

  it('an organization whose single sign-on was turned off during the attempt', async () => {
    const { authorizationUrl, attempt } = await startSso(t.app, orgA);
    const answer = await idp.authorize(authorizationUrl, 'ada');
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { enabled: false }));
    before = await written();
    try {
      expectRefusal(await finishSso(t.app, answer, attempt), 400, SSO_MESSAGES.notSetUp);
      const start = await t.app.inject({ method: 'POST', url: `/api/auth/sso/${orgA}/start` });
      expectRefusal(start, 404, SSO_MESSAGES.notSetUp);
      await nothingWritten();
    } finally {
      await putSsoSettings(
        t.app,
        t.headers.adminA,
        ssoSettingsFor(idp, ['acme.test'], { createUsers: true }),
      );
    }
  });
});

describe('members of an organization that requires single sign-on', () => {
  const password = (user: FixtureUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });

  it('cannot sign in with their password; administrators and other organizations still can', async () => {
    await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { requireSso: true }));
    try {
      const refused = await password(ada);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: SSO_MESSAGES.passwordNotAllowed('Acme Login'),
      });
      // A wrong password still gets the usual answer: the refusal tells nothing without the password.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ada.email, password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect((await password(t.orgA.admin)).statusCode).toBe(200);
      expect((await password(t.orgB.member)).statusCode).toBe(200);
      expect((await signInThroughProvider(t.app, idp, orgA, 'ada')).statusCode).toBe(200);

      // Turned off, the requirement no longer applies.
      await putSsoSettings(
        t.app,
        t.headers.adminA,
        ssoSettingsFor(idp, ['acme.test'], { requireSso: true, enabled: false }),
      );
      expect((await password(ada)).statusCode).toBe(200);
    } finally {
      await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test']));
    }
  });
});
