import { LOGIN_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '#server/db/schema.ts';
import { createTokenService } from '#server/lib/tokens.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createUser, type FixtureUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();
let inactive: FixtureUser;
let ipCounter = 0;
/** A distinct client address per call, so the per-IP limit of one test does not leak into another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (email: string, password: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

beforeAll(async () => {
  inactive = await createUser(t.db, t.orgA.organization.id, { isActive: false });
});

describe('POST /api/auth/login', () => {
  it('signs in and answers the token with the user flags', async () => {
    const before = Date.now();
    const response = await login(t.orgA.admin.email.toUpperCase(), t.orgA.admin.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
      displayName: t.orgA.admin.displayName,
      isAdmin: true,
      isSuperAdmin: false,
      organizationId: t.orgA.organization.id,
      canEditCompletedMaintenanceEvents: false,
    });
    expect(body.expiresAt).toBe(new Date(body.expiresAt).toISOString());
    const lifetimeMs = Date.parse(body.expiresAt) - before;
    expect(lifetimeMs).toBeGreaterThan(t.config.tokenTtlHours * 3600_000 - 5000);
    expect(lifetimeMs).toBeLessThanOrEqual(t.config.tokenTtlHours * 3600_000 + 1000);
    expect(body.accessToken.split('.')).toHaveLength(3);
  });

  it('answers the same generic 401 for an unknown email, a wrong password and an inactive user', async () => {
    const unknown = await login('nobody@example.com', 'whatever-password');
    const wrong = await login(t.orgA.member.email, 'not the password');
    const deactivated = await login(inactive.email, inactive.password);
    for (const response of [unknown, wrong, deactivated]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: LOGIN_MESSAGES.invalidCredentials,
      });
    }
  });

  it('answers 400 with the fields of a malformed body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: '' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(pathsAndMessages(body.fields)).toEqual(
      expect.arrayContaining([
        { path: 'email', message: LOGIN_MESSAGES.invalidEmail },
        { path: 'password', message: LOGIN_MESSAGES.passwordRequired },
      ]),
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('login throttle', () => {
  const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowMs: 60_000 };
  let saved: typeof t.app.loginThrottle.limits;
  beforeAll(() => {
    saved = t.app.loginThrottle.limits;
    t.app.loginThrottle.limits = limits;
  });
  afterAll(() => {
    t.app.loginThrottle.limits = saved;
  });

  it('refuses an email after repeated failures with 429 and Retry-After, before checking the password', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong password')).statusCode).toBe(401);
    // Even the right password, from another address, is refused while the window runs.
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Try again in 1 minute.',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Other accounts are not affected.
    expect((await login(t.orgB.member.email, t.orgB.member.password)).statusCode).toBe(200);
  });

  it('refuses an address after repeated failures, whatever the email', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await login(`someone-${i}@example.com`, 'x', ip)).statusCode).toBe(401);
    const response = await login(t.orgB.admin.email, t.orgB.admin.password, ip);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.orgB.admin.email, t.orgB.admin.password)).statusCode).toBe(200);
  });

  it('guesses sent at once: no more passwords are checked than the account allows', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    // Each from its own address, so only the account's limit (3) applies.
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(user.email, `guess ${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.maxFailuresPerEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - limits.maxFailuresPerEmail);
  });

  it('guesses sent at once from one address: no more checked than the address allows', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(`someone-${i}@example.com`, 'x', ip)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.maxFailuresPerIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - limits.maxFailuresPerIp);
  });

  it('a successful sign-in resets the email counter', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong password');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(user.email, 'wrong password')).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me and /api/auth/organization', () => {
  it('answer the signed-in user and their organization', async () => {
    const { headers } = await loginAs(t.app, t.orgA.member);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      displayName: t.orgA.member.displayName,
      email: t.orgA.member.email,
      isAdmin: false,
      isSuperAdmin: false,
      organizationId: t.orgA.organization.id,
      canEditCompletedMaintenanceEvents: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en',
      currency: 'EUR',
    });
    const organization = await t.app.inject({ method: 'GET', url: '/api/auth/organization', headers });
    expect(organization.statusCode).toBe(200);
    expect(organization.json()).toEqual({
      id: t.orgA.organization.id,
      name: t.orgA.organization.name,
      logoUrl: null,
      timeZone: 'UTC',
      dailyDigest: true,
      defaultLanguage: 'en',
      publicLocationPages: false,
      publicAssetLocation: false,
      reportingEnabled: true,
      showOpenReports: true,
      requestTriageRole: 'member',
      currency: 'EUR',
      publicChecklistSummary: false,
    });
  });

  it('a user of organization B gets only organization B', async () => {
    const { headers } = await loginAs(t.app, t.orgB.member);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json().organizationId).toBe(t.orgB.organization.id);
    const organization = await t.app.inject({ method: 'GET', url: '/api/auth/organization', headers });
    expect(organization.json()).toEqual({
      id: t.orgB.organization.id,
      name: t.orgB.organization.name,
      logoUrl: null,
      timeZone: 'UTC',
      dailyDigest: true,
      defaultLanguage: 'en',
      publicLocationPages: false,
      publicAssetLocation: false,
      reportingEnabled: true,
      showOpenReports: true,
      requestTriageRole: 'member',
      currency: 'EUR',
      publicChecklistSummary: false,
    });
  });

  it('gives the logo address when the organization has a logo', async () => {
    await t.db
      .update(organizations)
      .set({ logoObjectKey: 'logos/x.png', logoContentType: 'image/png' })
      .where(eq(organizations.id, t.orgB.organization.id));
    try {
      const { headers } = await loginAs(t.app, t.orgB.admin);
      const organization = await t.app.inject({ method: 'GET', url: '/api/auth/organization', headers });
      // The logo address (with a version query when the organizations module adds one for caching).
      expect(organization.json().logoUrl).toMatch(
        new RegExp(`^/public/orgs/${t.orgB.organization.id}/logo(\\?v=[^&]+)?$`),
      );
    } finally {
      await t.db
        .update(organizations)
        .set({ logoObjectKey: null, logoContentType: null })
        .where(eq(organizations.id, t.orgB.organization.id));
    }
  });

  it('answer 401 without a token or with a bad one', async () => {
    const secret = t.config.jwtSecret;
    const subject = { id: t.orgA.member.id, organizationId: t.orgA.organization.id, tokenVersion: 0 };
    const expired = await createTokenService({ secret, ttlHours: -1 }).issueToken(subject);
    const foreign = await createTokenService({ secret: `${secret}-other`, ttlHours: 8 }).issueToken(subject);
    const { token } = await loginAs(t.app, t.orgA.member);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: t.orgA.admin.id })).toString(
      'base64url',
    );
    const tampered = `${header}.${tamperedPayload}.${signature}`;
    const unknownUser = await createTokenService({ secret, ttlHours: 8 }).issueToken({
      ...subject,
      id: '01900000-0000-7000-8000-000000000000',
    });
    const wrongOrg = await createTokenService({ secret, ttlHours: 8 }).issueToken({
      ...subject,
      organizationId: t.orgB.organization.id,
    });

    const authorizations = [
      undefined,
      'Bearer',
      `Basic ${token}`,
      `Bearer ${expired.accessToken}`,
      `Bearer ${foreign.accessToken}`,
      `Bearer ${tampered}`,
      `Bearer ${unknownUser.accessToken}`,
      `Bearer ${wrongOrg.accessToken}`,
      'Bearer not.a.token',
    ];
    for (const authorization of authorizations) {
      for (const url of ['/api/auth/me', '/api/auth/organization']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${url} with ${authorization}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required.' });
      }
    }
    // The same secret and claims with a valid lifetime work: the refusals above are about the token.
    const fresh = await createTokenService({ secret, ttlHours: 8 }).issueToken(subject);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${fresh.accessToken}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses the token of a user deactivated after signing in, at the next request', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    const { headers } = await loginAs(t.app, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });

  it('refuses tokens issued before the token version was bumped (password change)', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    const { headers } = await loginAs(t.app, user);
    await t.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    const again = await loginAs(t.app, user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: again.headers })).statusCode,
    ).toBe(200);
  });
});

describe('API docs', () => {
  it('show sign-in open to anyone, taking an email and a password, and the current user behind a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/api/auth/login'].post.security).toEqual([]);
    expect(paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    for (const operation of [paths['/api/auth/me'].get, paths['/api/auth/organization'].get]) {
      expect(operation.security).toEqual([{ signInToken: [] }, { apiToken: ['read'] }]);
    }
    // Changing the password or email takes a sign-in token, never an API token (ADR 061).
    expect(paths['/api/auth/me'].put.security).toEqual([{ signInToken: [] }]);
  });
});
