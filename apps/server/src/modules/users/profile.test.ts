import {
  LOGIN_MESSAGES,
  PASSWORD_TOO_LONG,
  PROFILE_MESSAGES,
  type TProfileUpdateResponse,
} from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createUser, type FixtureUser, loginAs } from '#server/test/fixtures.ts';
import { runBeforeEachTransaction } from '#server/test/racing-db.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { PASSWORD_AUDIT_CHANGE, updateProfile } from './profile.ts';

const t = tenantWorld();

const putMe = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/me', headers, payload });
const getMe = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const newEmail = () => `me-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A fresh member of organization A with a signed-in session. */
async function signedInUser(
  overrides: Parameters<typeof createUser>[2] = {},
): Promise<{ user: FixtureUser; headers: Record<string, string> }> {
  const user = await createUser(t.db, t.orgA.organization.id, overrides);
  const { headers } = await loginAs(t.app, user);
  return { user, headers };
}

function expectCurrentPasswordError(response: Awaited<ReturnType<typeof putMe>>, message: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'VALIDATION',
    message,
    fields: [{ path: 'currentPassword', message }],
  });
}

describe('PUT /api/auth/me: display name', () => {
  it('changes the display name, answers the current user and records the difference', async () => {
    const { user, headers } = await signedInUser({ displayName: 'Old Name', isAdmin: true });
    const response = await putMe(headers, { displayName: '  New Name ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      displayName: 'New Name',
      email: user.email,
      isAdmin: true,
      isSuperAdmin: false,
      organizationId: t.orgA.organization.id,
      canEditCompletedMaintenanceEvents: false,
      createdAt: expect.any(String),
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en',
      currency: 'EUR',
    });
    expect((await storedUser(user.id)).displayName).toBe('New Name');
    // The session goes on: no new token for a name change.
    expect((await getMe(headers)).json().displayName).toBe('New Name');

    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'UPDATE',
      entityType: 'AppUser',
      entityName: user.email,
      userId: user.id,
      ipAddress: '127.0.0.1',
    });
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: { displayName: { from: 'Old Name', to: 'New Name' } },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const { user, headers } = await signedInUser();
    const before = await storedUser(user.id);
    for (const payload of [{}, { displayName: user.displayName }, { email: user.email.toUpperCase() }]) {
      const response = await putMe(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      expect(response.json().accessToken).toBeUndefined();
    }
    expect(await storedUser(user.id)).toEqual(before);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('answers 400 with the documented messages for a blank or long display name', async () => {
    const { user, headers } = await signedInUser();
    const blank = await putMe(headers, { displayName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject([
      { path: 'displayName', message: PROFILE_MESSAGES.displayNameRequired },
    ]);
    const long = await putMe(headers, { displayName: 'z'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toBe('displayName');
    expect((await storedUser(user.id)).displayName).toBe(user.displayName);
  });

  it('answers 401 without a valid session', async () => {
    expect((await putMe({}, { displayName: 'Nobody' })).statusCode).toBe(401);
    const { user, headers } = await signedInUser();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await putMe(headers, { displayName: 'Ghost' });
    expect(response.statusCode).toBe(401);
    expect((await storedUser(user.id)).displayName).toBe(user.displayName);
  });
});

describe('PUT /api/auth/me: email', () => {
  it('needs the current password: missing or wrong answers 400 on currentPassword, nothing saved', async () => {
    const { user, headers } = await signedInUser();
    const email = newEmail();
    expectCurrentPasswordError(
      await putMe(headers, { email }),
      PROFILE_MESSAGES.currentPasswordRequiredForEmail,
    );
    expectCurrentPasswordError(
      await putMe(headers, { email, currentPassword: '' }),
      PROFILE_MESSAGES.currentPasswordRequiredForEmail,
    );
    expectCurrentPasswordError(
      await putMe(headers, { email, currentPassword: 'not my password' }),
      PROFILE_MESSAGES.currentPasswordWrong,
    );
    // A wrong password is refused before the email is looked at: a taken email says nothing either.
    expectCurrentPasswordError(
      await putMe(headers, { email: t.orgB.member.email, currentPassword: 'not my password' }),
      PROFILE_MESSAGES.currentPasswordWrong,
    );
    expect((await storedUser(user.id)).email).toBe(user.email);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('changes the email (stored lower-cased) with the right current password, audited', async () => {
    const { user, headers } = await signedInUser();
    const email = newEmail();
    const response = await putMe(headers, {
      email: ` ${email.toUpperCase()} `,
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, displayName: user.displayName });
    expect(response.json().accessToken).toBeUndefined();
    expect((await storedUser(user.id)).email).toBe(email);
    // Same session goes on; sign-in now uses the new email.
    expect((await getMe(headers)).json().email).toBe(email);
    await loginAs(t.app, { email, password: user.password });
    const oldEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldEmail.statusCode).toBe(401);

    const [entry] = await auditEntriesOf(t.db, t.orgA.organization.id, user.id);
    expect(entry).toMatchObject({ action: 'UPDATE', entityType: 'AppUser', entityName: email });
    expect(JSON.parse(entry!.changes!)).toEqual({ changes: { email: { from: user.email, to: email } } });
  });

  it('answers 409 for an email another user has (any case, any organization)', async () => {
    const { user, headers } = await signedInUser();
    const response = await putMe(headers, {
      email: t.orgB.admin.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: PROFILE_MESSAGES.emailTaken,
      fields: [{ path: 'email', message: PROFILE_MESSAGES.emailTaken }],
    });
    expect((await storedUser(user.id)).email).toBe(user.email);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('answers 409 to the loser when two users take one email at the same time', async () => {
    const one = await signedInUser();
    const two = await signedInUser();
    const email = newEmail();
    // The first also changes its password: hashing it after the email check widens the window in
    // which the second saves the email, so the first meets the unique index rather than the check.
    const responses = await Promise.all([
      putMe(one.headers, { email, currentPassword: one.user.password, newPassword: 'racing password' }),
      putMe(two.headers, { email, currentPassword: two.user.password }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(PROFILE_MESSAGES.emailTaken);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 with the documented messages for a blank or malformed email', async () => {
    const { user, headers } = await signedInUser();
    const blank = await putMe(headers, { email: '  ', currentPassword: user.password });
    expect(blank.statusCode).toBe(400);
    expect(pathsAndMessages(blank.json().fields)).toContainEqual({
      path: 'email',
      message: PROFILE_MESSAGES.emailRequired,
    });
    const malformed = await putMe(headers, { email: 'nope', currentPassword: user.password });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toMatchObject([
      { path: 'email', message: PROFILE_MESSAGES.emailInvalid },
    ]);
    expect((await storedUser(user.id)).email).toBe(user.email);
  });
});

describe('PUT /api/auth/me: password', () => {
  it('needs the current password and a new one of at least 8 characters', async () => {
    const { user, headers } = await signedInUser();
    const before = await storedUser(user.id);
    expectCurrentPasswordError(
      await putMe(headers, { newPassword: 'a new password' }),
      PROFILE_MESSAGES.currentPasswordRequired,
    );
    // Both email and password without the current one: the password message.
    expectCurrentPasswordError(
      await putMe(headers, { newPassword: 'a new password', email: newEmail() }),
      PROFILE_MESSAGES.currentPasswordRequired,
    );
    expectCurrentPasswordError(
      await putMe(headers, { newPassword: 'a new password', currentPassword: 'wrong password' }),
      PROFILE_MESSAGES.currentPasswordWrong,
    );
    const short = await putMe(headers, { newPassword: 'short', currentPassword: user.password });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject([
      { path: 'newPassword', message: PROFILE_MESSAGES.newPasswordTooShort },
    ]);
    expect(await storedUser(user.id)).toEqual(before);
    expect((await getMe(headers)).statusCode).toBe(200);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('changes the password, ends every other session and answers a new token for this one', async () => {
    const { user, headers } = await signedInUser();
    const other = await loginAs(t.app, user);
    const before = await storedUser(user.id);
    const newPassword = 'brand new secret 42';

    const started = Date.now();
    const response = await putMe(headers, {
      displayName: 'Renamed Too',
      currentPassword: user.password,
      newPassword,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<TProfileUpdateResponse>();
    expect(body).toEqual({
      displayName: 'Renamed Too',
      email: user.email,
      isAdmin: false,
      isSuperAdmin: false,
      organizationId: t.orgA.organization.id,
      canEditCompletedMaintenanceEvents: false,
      createdAt: expect.any(String),
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en',
      currency: 'EUR',
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(body.expiresAt!)).toBeGreaterThan(started + (t.config.tokenTtlHours * 3600_000) / 2);

    const after = await storedUser(user.id);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);

    // The old token of this session and the other session are refused at once; the new one works.
    for (const old of [headers, other.headers]) {
      const refused = await getMe(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required.' });
    }
    const fresh = await getMe(bearer(body.accessToken!));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().displayName).toBe('Renamed Too');

    // Sign-in takes the new password only.
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().message).toBe(LOGIN_MESSAGES.invalidCredentials);
    await loginAs(t.app, { email: user.email, password: newPassword });

    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'UPDATE', entityType: 'AppUser', entityName: user.email });
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: {
        displayName: { from: user.displayName, to: 'Renamed Too' },
        password: PASSWORD_AUDIT_CHANGE,
      },
    });
    expect(PASSWORD_AUDIT_CHANGE).toEqual({ from: '[hidden]', to: '[changed]' });
    const stored = entries[0]!.changes!;
    expect(stored).not.toContain(newPassword);
    expect(stored).not.toContain(user.password);
    expect(stored).not.toContain('$argon2');
    expect(stored).not.toContain(after.passwordHash);
  });

  it('refuses a request made with a token that a password change has already ended', async () => {
    const { user, headers } = await signedInUser();
    const changed = await putMe(headers, { currentPassword: user.password, newPassword: 'second password' });
    expect(changed.statusCode).toBe(200);
    const again = await putMe(headers, { currentPassword: 'second password', newPassword: 'third password' });
    expect(again.statusCode).toBe(401);
    const fresh = bearer(changed.json().accessToken);
    const third = await putMe(fresh, { currentPassword: 'second password', newPassword: 'third password' });
    expect(third.statusCode).toBe(200);
    expect((await storedUser(user.id)).tokenVersion).toBe(2);
  });
});

describe('PUT /api/auth/me: throttles', () => {
  /** Runs `check` with the throttle's per-account limit lowered to `max`, then restores it. */
  async function withLimit(throttle: typeof t.app.loginThrottle, max: number, check: () => Promise<void>) {
    const limits = throttle.limits;
    throttle.limits = { ...limits, maxFailuresPerEmail: max };
    try {
      await check();
    } finally {
      throttle.limits = limits;
    }
  }

  it('counts a wrong current password as a failed sign-in: 429 with Retry-After, here and at sign-in', async () => {
    const { user, headers } = await signedInUser();
    await withLimit(t.app.loginThrottle, 3, async () => {
      for (let guess = 0; guess < 3; guess++) {
        const wrong = await putMe(headers, {
          newPassword: 'a new password',
          currentPassword: `guess ${guess}`,
        });
        expectCurrentPasswordError(wrong, PROFILE_MESSAGES.currentPasswordWrong);
      }
      // Even the right password now waits: the guesses, not the answer, are limited.
      const limited = await putMe(headers, { newPassword: 'a new password', currentPassword: user.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(limited.json().code).toBe('RATE_LIMITED');
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(signIn.statusCode).toBe(429);
      expect((await storedUser(user.id)).tokenVersion).toBe(0);
    });
  });

  it('wrong current passwords sent at once: no more are checked than the account allows', async () => {
    const { headers } = await signedInUser();
    await withLimit(t.app.loginThrottle, 3, async () => {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, guess) =>
          putMe(headers, { newPassword: 'a new password', currentPassword: `guess ${guess}` }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(21);
    });
  });

  it('throttles answers that an email is taken, per user', async () => {
    const { user, headers } = await signedInUser();
    await withLimit(t.app.emailProbeThrottle, 2, async () => {
      for (const email of [t.orgB.member.email, t.orgB.admin.email]) {
        expect((await putMe(headers, { email, currentPassword: user.password })).statusCode).toBe(409);
      }
      const limited = await putMe(headers, { email: t.orgA.admin.email, currentPassword: user.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect((await storedUser(user.id)).email).toBe(user.email);
    });
  });

  it('says a new password over 1024 characters is too long', async () => {
    const { user, headers } = await signedInUser();
    const response = await putMe(headers, { newPassword: 'x'.repeat(1025), currentPassword: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject([{ path: 'newPassword', message: PASSWORD_TOO_LONG }]);
  });
});

describe('updateProfile', () => {
  it('answers 409 when the email is taken between its check and the save (unique index)', async () => {
    const { user } = await signedInUser();
    const rival = await createUser(t.db, t.orgB.organization.id);
    const email = newEmail();
    // The rival takes the email right after the check, as a simultaneous request would.
    const racingDb = runBeforeEachTransaction(t.db, () =>
      t.db.update(users).set({ email }).where(eq(users.id, rival.id)),
    );
    const actor = {
      ...user,
      isAdmin: false,
      isSuperAdmin: false,
      canEditCompletedMaintenanceEvents: false,
      timeZone: 'UTC',
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en' as const,
      currency: 'EUR',
    };
    const attempt = updateProfile(
      {
        db: racingDb,
        tokens: t.app.tokens,
        passwordThrottle: t.app.loginThrottle,
        emailProbeThrottle: t.app.emailProbeThrottle,
      },
      { actor, ipAddress: '127.0.0.1' },
      { email, currentPassword: user.password },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: PROFILE_MESSAGES.emailTaken });
    expect((await storedUser(user.id)).email).toBe(user.email);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });
});
