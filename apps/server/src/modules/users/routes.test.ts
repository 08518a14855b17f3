import {
  LOGIN_MESSAGES,
  PAGING_HEADERS,
  PASSWORD_TOO_LONG,
  type TAdminUser,
  USER_MESSAGES,
} from '@mqr/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogEntries, users } from '#server/db/schema.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

const FORBIDDEN = { code: 'FORBIDDEN', message: 'You do not have permission to do this.' };
const USER_NOT_FOUND = { code: 'NOT_FOUND', message: 'User not found.' };
const UNKNOWN_ID = '01900000-0000-7000-8000-0000000000aa';

const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers });
const post = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/users', headers, payload });
const put = (headers: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers, payload });

const newEmail = () => `new-${Math.random().toString(36).slice(2, 10)}@example.com`;
const newUser = (overrides: object = {}) => ({
  email: newEmail(),
  displayName: 'New Person',
  password: 'a fine password',
  ...overrides,
});

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

async function auditCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLogEntries);
  return Number(row?.n ?? 0);
}

describe('who may use /api/admin/users', () => {
  it('refuses members with 403 on every route and anonymous callers with 401', async () => {
    const before = await storedUser(t.orgA.member.id);
    const responses = [
      await list(t.headers.memberA),
      await post(t.headers.memberA, newUser()),
      await put(t.headers.memberA, t.orgA.member.id, { isAdmin: true }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject(FORBIDDEN);
    }
    expect(await storedUser(t.orgA.member.id)).toEqual(before);

    for (const response of [await list({}), await post({}, newUser()), await put({}, t.orgA.member.id, {})]) {
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/users', () => {
  it("gives an administrator their organization's users, newest first, with paging headers", async () => {
    const response = await list(t.headers.adminB);
    expect(response.statusCode).toBe(200);
    const body = response.json<TAdminUser[]>();
    expect(body.map((u) => u.id)).toEqual([t.orgB.member.id, t.orgB.admin.id]);
    expect(body[1]).toEqual({
      id: t.orgB.admin.id,
      email: t.orgB.admin.email,
      displayName: t.orgB.admin.displayName,
      isAdmin: true,
      isSuperAdmin: false,
      isActive: true,
      organizationId: t.orgB.organization.id,
      organizationName: t.orgB.organization.name,
      canEditCompletedMaintenanceEvents: false,
      createdAt: expect.any(String),
    });
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('passwordHash');
    expect(response.headers[PAGING_HEADERS.total.toLowerCase()]).toBe('2');
    expect(response.headers[PAGING_HEADERS.page.toLowerCase()]).toBe('1');
    expect(response.headers[PAGING_HEADERS.pageSize.toLowerCase()]).toBe('50');
  });

  it('pages in SQL: page and pageSize pick the slice, the total counts them all', async () => {
    const org = await createOrganization(t.db);
    const admin = await createUser(t.db, org.id, { isAdmin: true });
    const created: string[] = [admin.id];
    for (let i = 0; i < 4; i++) created.push((await createUser(t.db, org.id)).id);
    const newestFirst = [...created].reverse();
    const { headers } = await loginAs(t.app, admin);

    const page2 = await list(headers, '?page=2&pageSize=2');
    expect(page2.statusCode).toBe(200);
    expect(page2.json<TAdminUser[]>().map((u) => u.id)).toEqual(newestFirst.slice(2, 4));
    expect(page2.headers['x-total-count']).toBe('5');
    expect(page2.headers['x-page']).toBe('2');
    expect(page2.headers['x-page-size']).toBe('2');

    const page3 = await list(headers, '?page=3&pageSize=2');
    expect(page3.json<TAdminUser[]>().map((u) => u.id)).toEqual(newestFirst.slice(4));
    const beyond = await list(headers, '?page=9&pageSize=2');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');

    for (const query of ['?pageSize=0', '?pageSize=201', '?page=0', '?page=x']) {
      const bad = await list(headers, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
  });

  it('gives a super administrator every user of every organization with its organization name', async () => {
    const total = await userCount();
    const response = await list(t.headers.superA, '?pageSize=200');
    expect(response.statusCode).toBe(200);
    const body = response.json<TAdminUser[]>();
    expect(response.headers['x-total-count']).toBe(String(total));
    expect(body).toHaveLength(total);
    const byId = new Map(body.map((u) => [u.id, u]));
    expect(byId.get(t.orgA.member.id)?.organizationName).toBe(t.orgA.organization.name);
    expect(byId.get(t.orgB.member.id)?.organizationName).toBe(t.orgB.organization.name);
    expect(byId.get(t.superA.id)?.isSuperAdmin).toBe(true);
    const times = body.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // An administrator of A sees none of B.
    const adminList = (await list(t.headers.adminA, '?pageSize=200')).json<TAdminUser[]>();
    expect(adminList.every((u) => u.organizationId === t.orgA.organization.id)).toBe(true);
    expect(adminList.map((u) => u.id)).not.toContain(t.orgB.member.id);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user in the administrator’s organization, never a super administrator, audited', async () => {
    const email = newEmail();
    const response = await post(t.headers.adminA, {
      email: `  ${email.toUpperCase()} `,
      displayName: '  Casey  ',
      password: 'a fine password',
      isAdmin: true,
      isSuperAdmin: true,
      isActive: true,
      canEditCompletedMaintenanceEvents: true,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<TAdminUser>();
    expect(body).toEqual({
      id: expect.any(String),
      email,
      displayName: 'Casey',
      isAdmin: true,
      isSuperAdmin: false,
      isActive: true,
      organizationId: t.orgA.organization.id,
      organizationName: t.orgA.organization.name,
      canEditCompletedMaintenanceEvents: true,
      createdAt: expect.any(String),
    });
    const row = await storedUser(body.id);
    expect(row).toMatchObject({ email, isSuperAdmin: false, organizationId: t.orgA.organization.id });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('a fine password');

    // The new user signs in with the password given.
    const { headers } = await loginAs(t.app, { email, password: 'a fine password' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().email).toBe(email);

    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'CREATE',
      entityType: 'AppUser',
      entityName: email,
      userId: t.orgA.admin.id,
      userName: t.orgA.admin.displayName,
      changes: '{"created":true}',
      ipAddress: '127.0.0.1',
    });
  });

  it('applies the defaults: not admin, active, no completed-event edits', async () => {
    const response = await post(t.headers.adminA, newUser());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      isAdmin: false,
      isSuperAdmin: false,
      isActive: true,
      canEditCompletedMaintenanceEvents: false,
    });
  });

  it('answers 409 for an email already used (any case, any organization), nothing saved', async () => {
    const before = await userCount();
    const audits = await auditCount();
    for (const email of [t.orgA.member.email, t.orgB.member.email.toUpperCase()]) {
      const response = await post(t.headers.adminA, newUser({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: USER_MESSAGES.emailTaken,
        fields: [{ path: 'email', message: USER_MESSAGES.emailTaken }],
      });
    }
    expect(await userCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('throttles answers that an email is taken, per administrator: 429 with Retry-After, whatever the email', async () => {
    const admin = await createUser(t.db, t.orgA.organization.id, { isAdmin: true });
    const { headers } = await loginAs(t.app, admin);
    const throttle = t.app.emailProbeThrottle;
    const limits = throttle.limits;
    throttle.limits = { ...limits, maxFailuresPerEmail: 3 };
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await post(headers, newUser({ email: t.orgB.member.email }))).statusCode).toBe(409);
      }
      const before = await userCount();
      // Past the limit even a free email is refused, so the answer tells nothing about either.
      for (const email of [t.orgB.admin.email, newEmail()]) {
        const limited = await post(headers, newUser({ email }));
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
        expect(limited.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: 'Too many emails that are already taken. Try again in 15 minutes.',
        });
      }
      expect(await userCount()).toBe(before);
      // Another administrator behind the same address goes on.
      expect((await post(t.headers.adminA, newUser())).statusCode).toBe(201);
    } finally {
      throttle.limits = limits;
    }
  });

  it('says a password over 1024 characters is too long', async () => {
    const response = await post(t.headers.adminA, newUser({ password: 'x'.repeat(1025) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject([
      { path: 'password', message: PASSWORD_TOO_LONG, messageId: 'password.tooLong' },
    ]);
  });

  it('answers 409 to the loser of two simultaneous creations with one email', async () => {
    const email = newEmail();
    const responses = await Promise.all([
      post(t.headers.adminA, newUser({ email })),
      post(t.headers.adminB, newUser({ email })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe(USER_MESSAGES.emailTaken);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 with the field messages of an invalid payload', async () => {
    const before = await userCount();
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email' }, 'email', LOGIN_MESSAGES.invalidEmail],
      [{ displayName: '   ' }, 'displayName', USER_MESSAGES.displayNameRequired],
      [{ displayName: 'x'.repeat(201) }, 'displayName', USER_MESSAGES.displayNameTooLong],
      [{ password: 'short' }, 'password', USER_MESSAGES.passwordTooShort],
      [{ password: undefined }, 'password', USER_MESSAGES.passwordTooShort],
      [{ displayName: undefined }, 'displayName', USER_MESSAGES.displayNameRequired],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await post(t.headers.adminA, newUser(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(pathsAndMessages(response.json().fields)).toContainEqual({ path, message });
    }
    // 200 characters is fine.
    expect((await post(t.headers.adminA, newUser({ displayName: 'x'.repeat(200) }))).statusCode).toBe(201);
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses an administrator naming another organization (403); their own is fine', async () => {
    const before = await userCount();
    const other = await post(t.headers.adminA, newUser({ organizationId: t.orgB.organization.id }));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', message: USER_MESSAGES.otherOrganization });
    expect(await userCount()).toBe(before);

    const own = await post(t.headers.adminA, newUser({ organizationId: t.orgA.organization.id }));
    expect(own.statusCode).toBe(201);
    expect(own.json().organizationId).toBe(t.orgA.organization.id);
  });

  it('lets a super administrator create a user in any existing organization, audited there', async () => {
    const response = await post(
      t.headers.superA,
      newUser({ organizationId: t.orgB.organization.id, isSuperAdmin: true }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<TAdminUser>();
    expect(body).toMatchObject({
      organizationId: t.orgB.organization.id,
      organizationName: t.orgB.organization.name,
      isSuperAdmin: false,
    });
    const [entry] = await auditEntriesOf(t.db, t.orgB.organization.id, body.id);
    expect(entry).toMatchObject({
      action: 'CREATE',
      entityType: 'AppUser',
      userId: t.superA.id,
      userName: 'Root',
    });
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, body.id)).toHaveLength(0);
    // Admin B now sees the user.
    expect((await list(t.headers.adminB)).json<TAdminUser[]>().map((u) => u.id)).toContain(body.id);

    const before = await userCount();
    const unknown = await post(t.headers.superA, newUser({ organizationId: UNKNOWN_ID }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Organization not found.' });
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('changes only the fields sent and records the differences', async () => {
    const user = await createUser(t.db, t.orgA.organization.id, { displayName: 'Before' });
    const response = await put(t.headers.adminA, user.id, {
      displayName: '  After ',
      canEditCompletedMaintenanceEvents: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      email: user.email,
      displayName: 'After',
      isAdmin: false,
      isSuperAdmin: false,
      isActive: true,
      organizationId: t.orgA.organization.id,
      organizationName: t.orgA.organization.name,
      canEditCompletedMaintenanceEvents: true,
      createdAt: expect.any(String),
    });
    expect(await storedUser(user.id)).toMatchObject({
      displayName: 'After',
      isAdmin: false,
      isActive: true,
      canEditCompletedMaintenanceEvents: true,
    });
    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'UPDATE',
      entityType: 'AppUser',
      entityName: user.email,
      userId: t.orgA.admin.id,
    });
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: {
        displayName: { from: 'Before', to: 'After' },
        canEditCompletedMaintenanceEvents: { from: false, to: true },
      },
    });
    expect(entries[0]!.changes).not.toContain('argon2');
  });

  it('writes nothing when nothing changes, and ignores isSuperAdmin', async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    const before = await storedUser(user.id);
    const response = await put(t.headers.adminA, user.id, {
      displayName: user.displayName,
      isAdmin: false,
      isSuperAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuperAdmin: false, isAdmin: false });
    expect(await storedUser(user.id)).toEqual(before);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);

    const empty = await put(t.headers.adminA, user.id, {});
    expect(empty.statusCode).toBe(200);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('answers 404 to an administrator for a user of another organization, nothing changed', async () => {
    const before = await storedUser(t.orgA.member.id);
    const response = await put(t.headers.adminB, t.orgA.member.id, {
      displayName: 'Hijacked',
      isActive: false,
      isAdmin: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject(USER_NOT_FOUND);
    expect(await storedUser(t.orgA.member.id)).toEqual(before);
    expect(await auditEntriesOf(t.db, t.orgB.organization.id, t.orgA.member.id)).toHaveLength(0);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, t.orgA.member.id)).toHaveLength(0);

    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const missing = await put(t.headers.adminA, id, { displayName: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject(USER_NOT_FOUND);
    }
  });

  it('answers 400 with the field messages of an invalid payload', async () => {
    const before = await storedUser(t.orgA.member.id);
    const blank = await put(t.headers.adminA, t.orgA.member.id, { displayName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject([
      { path: 'displayName', message: USER_MESSAGES.displayNameRequired },
    ]);
    const long = await put(t.headers.adminA, t.orgA.member.id, { displayName: 'y'.repeat(201) });
    expect(long.json().fields).toMatchObject([
      { path: 'displayName', message: USER_MESSAGES.displayNameTooLong },
    ]);
    const notBoolean = await put(t.headers.adminA, t.orgA.member.id, { isAdmin: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fields[0].path).toBe('isAdmin');
    expect(await storedUser(t.orgA.member.id)).toEqual(before);
  });

  it('lets a super administrator update a user of any organization, audited in that organization', async () => {
    const user = await createUser(t.db, t.orgB.organization.id);
    const response = await put(t.headers.superA, user.id, { isAdmin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isAdmin: true,
      organizationId: t.orgB.organization.id,
      organizationName: t.orgB.organization.name,
    });
    expect((await storedUser(user.id))?.isAdmin).toBe(true);
    const [entry] = await auditEntriesOf(t.db, t.orgB.organization.id, user.id);
    expect(entry).toMatchObject({ action: 'UPDATE', entityType: 'AppUser', userId: t.superA.id });
    expect(JSON.parse(entry!.changes!)).toEqual({ changes: { isAdmin: { from: false, to: true } } });
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).toHaveLength(0);
  });

  it('lets only a super administrator change anything about a super administrator, name included', async () => {
    const other = await createUser(t.db, t.orgA.organization.id, { isAdmin: true, isSuperAdmin: true });
    const before = await storedUser(other.id);
    for (const payload of [
      { isActive: false },
      { isAdmin: false },
      { canEditCompletedMaintenanceEvents: true },
      { displayName: 'Renamed by an administrator' },
    ]) {
      const response = await put(t.headers.adminA, other.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: USER_MESSAGES.superAdminTarget });
    }
    expect(await storedUser(other.id)).toEqual(before);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, other.id)).toHaveLength(0);

    const bySuper = await put(t.headers.superA, other.id, { canEditCompletedMaintenanceEvents: true });
    expect(bySuper.statusCode).toBe(200);
    expect((await storedUser(other.id))?.canEditCompletedMaintenanceEvents).toBe(true);
    expect((await storedUser(other.id))?.isSuperAdmin).toBe(true);
  });

  it('refuses an administrator removing their own admin flag or deactivating themselves (409)', async () => {
    const admin = await createUser(t.db, t.orgA.organization.id, { isAdmin: true, displayName: 'Self' });
    const { headers } = await loginAs(t.app, admin);
    const before = await storedUser(admin.id);

    const demote = await put(headers, admin.id, { isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.selfAdmin });
    const deactivate = await put(headers, admin.id, { isActive: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.selfDeactivate });
    const both = await put(headers, admin.id, { displayName: 'Renamed', isActive: false });
    expect(both.statusCode).toBe(409);
    expect(await storedUser(admin.id)).toEqual(before);
    expect(await auditEntriesOf(t.db, t.orgA.organization.id, admin.id)).toHaveLength(0);

    // Their other fields they may change; the session still works.
    const rename = await put(headers, admin.id, {
      displayName: 'Self Renamed',
      isAdmin: true,
      isActive: true,
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ displayName: 'Self Renamed', isAdmin: true, isActive: true });
    expect((await list(headers)).statusCode).toBe(200);

    // A super administrator cannot deactivate themselves either.
    const superSelf = await put(t.headers.superA, t.superA.id, { isActive: false });
    expect(superSelf.statusCode).toBe(409);
    expect(superSelf.json().message).toBe(USER_MESSAGES.selfDeactivate);
  });

  it("ends a deactivated user's sessions for good: reactivation does not bring them back", async () => {
    const user = await createUser(t.db, t.orgA.organization.id);
    const { headers } = await loginAs(t.app, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

    const response = await put(t.headers.adminA, user.id, { isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().isActive).toBe(false);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required.' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(LOGIN_MESSAGES.invalidCredentials);

    // Reactivated, the old token stays dead; the user signs in again.
    expect((await put(t.headers.adminA, user.id, { isActive: true })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    const fresh = await loginAs(t.app, user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: fresh.headers })).statusCode,
    ).toBe(200);
  });

  it('takes a demoted administrator off the admin routes at their next request', async () => {
    const admin = await createUser(t.db, t.orgA.organization.id, { isAdmin: true });
    const { headers } = await loginAs(t.app, admin);
    expect((await list(headers)).statusCode).toBe(200);

    const response = await put(t.headers.adminA, admin.id, { isAdmin: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().isAdmin).toBe(false);

    const refused = await list(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(FORBIDDEN);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().isAdmin).toBe(false);

    const entries = await auditEntriesOf(t.db, t.orgA.organization.id, admin.id);
    expect(JSON.parse(entries[0]!.changes!)).toEqual({ changes: { isAdmin: { from: true, to: false } } });
  });
});

describe('GET /api/users/assignable', () => {
  it('answers any signed-in user the active people of their organization, by name, nothing more', async () => {
    const org = await createOrganization(t.db);
    const member = await createUser(t.db, org.id, { displayName: 'zoe Member' });
    await createUser(t.db, org.id, { displayName: 'Adam Admin', isAdmin: true });
    await createUser(t.db, org.id, { displayName: 'Gone Person', isActive: false });
    await createUser(t.db, t.orgA.organization.id, { displayName: 'Another Organization' });
    const response = await t.app.inject({
      url: '/api/users/assignable',
      headers: (await loginAs(t.app, member)).headers,
    });
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.map((option: { displayName: string }) => option.displayName)).toEqual([
      'Adam Admin',
      'zoe Member',
    ]);
    expect(Object.keys(options[0]).sort()).toEqual(['displayName', 'id']);
    expect((await t.app.inject({ url: '/api/users/assignable' })).statusCode).toBe(401);
  });
});

describe('API docs', () => {
  it('show the admin user routes behind a bearer token, a new user needing email, name and password', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(paths['/api/admin/users'].get.security).toEqual([{ signInToken: [] }, { apiToken: ['read'] }]);
    for (const operation of [paths['/api/admin/users'].post, paths['/api/admin/users/{id}'].put]) {
      expect(operation.security).toEqual([{ signInToken: [] }, { apiToken: ['write'] }]);
    }
    const created = paths['/api/admin/users'].post.requestBody.content['application/json'].schema;
    expect(created.required).toEqual(['email', 'displayName', 'password']);
  });
});
