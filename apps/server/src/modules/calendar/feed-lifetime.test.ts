import type { TCalendarFeed, TCalendarFeedCreated, TCreatedApiToken } from '@mqr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { SettableClock } from '#server/lib/clock.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { createUser, type FixtureUser, loginAs } from '#server/test/fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

// A calendar feed lives as long as what made it (ADR 084, docs/product/calendar.md#subscribe-from-a-calendar-app).

const clock = new SettableClock();
const t = tenantWorld({}, { clock });

afterEach(() => {
  clock.reset();
});

/** A new member of organization A, signed in. */
async function member(): Promise<{ user: FixtureUser; session: AuthHeaders }> {
  const user = await createUser(t.db, t.orgA.organization.id);
  return { user, session: (await loginAs(t.app, user)).headers };
}

async function apiToken(session: AuthHeaders, expiresInDays = 30) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: session,
    payload: { name: 'Calendar sync', scope: 'write', expiresInDays },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<TCreatedApiToken>();
  return { id: created.token.id, headers: { authorization: `Bearer ${created.secret}` } };
}

async function createFeed(headers: AuthHeaders): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers });
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json<TCalendarFeedCreated>().url).pathname;
}

const fetchFeed = (path: string) => t.app.inject({ url: path, remoteAddress: '192.0.2.20' });
const feedStatus = async (session: AuthHeaders) =>
  (await t.app.inject({ url: '/api/calendar/feed', headers: session })).json<TCalendarFeed>();

/** The feed answers exactly as an address that was never a feed's does. */
async function expectEnded(path: string): Promise<void> {
  const unknown = await fetchFeed(`/public/calendar/${'A'.repeat(43)}.ics`);
  const response = await fetchFeed(path);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual(unknown.json());
  expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Calendar feed not found.' });
}

const setUser = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: t.headers.adminA, payload });

describe('a feed made with an API token', () => {
  it('ends when its owner revokes the token, and the status says so', async () => {
    const { session } = await member();
    const token = await apiToken(session);
    const path = await createFeed(token.headers);
    expect((await fetchFeed(path)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${token.id}`,
      headers: session,
    });
    expect(revoked.statusCode).toBe(204);
    await expectEnded(path);
    expect(await feedStatus(session)).toEqual({ active: false, createdAt: null });
  });

  it('ends when an administrator revokes the token; one of another organization cannot', async () => {
    const { session } = await member();
    const token = await apiToken(session);
    const path = await createFeed(token.headers);
    const revoke = (headers: AuthHeaders) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/api-tokens/${token.id}`, headers });
    expect((await revoke(t.headers.adminB)).statusCode).toBe(404);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    expect((await revoke(t.headers.adminA)).statusCode).toBe(204);
    await expectEnded(path);
  });

  it('ends when the token expires', async () => {
    const { session } = await member();
    const token = await apiToken(session, 1);
    const path = await createFeed(token.headers);
    clock.set(new Date(Date.now() + 23 * 3600_000));
    expect((await fetchFeed(path)).statusCode).toBe(200);
    clock.set(new Date(Date.now() + 24 * 3600_000 + 60_000));
    await expectEnded(path);
    expect(await feedStatus(session)).toEqual({ active: false, createdAt: null });
  });

  it('a feed made in a session does not end with a token of the same user', async () => {
    const { session } = await member();
    const token = await apiToken(session);
    const path = await createFeed(session);
    await t.app.inject({ method: 'DELETE', url: `/api/api-tokens/${token.id}`, headers: session });
    expect((await fetchFeed(path)).statusCode).toBe(200);
  });
});

describe('every feed of a user', () => {
  it('ends when their password changes, made in a session or with a token', async () => {
    for (const madeWith of ['session', 'token'] as const) {
      const { user, session } = await member();
      const path = await createFeed(madeWith === 'session' ? session : (await apiToken(session)).headers);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: session,
        payload: { currentPassword: user.password, newPassword: 'a brand new password' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await expectEnded(path);
      // A new one, made in the new session, works.
      const fresh = { authorization: `Bearer ${changed.json().accessToken}` };
      expect(await feedStatus(fresh)).toEqual({ active: false, createdAt: null });
      expect((await fetchFeed(await createFeed(fresh))).statusCode).toBe(200);
    }
  });

  it('ends when they are deactivated, and stays ended once they are active again', async () => {
    const { user, session } = await member();
    const path = await createFeed(session);
    expect((await setUser(user.id, { isActive: false })).statusCode).toBe(200);
    await expectEnded(path);
    expect((await setUser(user.id, { isActive: true })).statusCode).toBe(200);
    await expectEnded(path);
    const again = (await loginAs(t.app, user)).headers;
    expect(await feedStatus(again)).toEqual({ active: false, createdAt: null });
  });

  it('lives on through a new email, name or role, as sessions and tokens do', async () => {
    const { user, session } = await member();
    const token = await apiToken(session);
    const path = await createFeed(token.headers);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: session,
      payload: {
        email: `renamed-${user.id.slice(-8)}@example.com`,
        displayName: 'Renamed',
        currentPassword: user.password,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await setUser(user.id, { isAdmin: true })).statusCode).toBe(200);
    expect((await setUser(user.id, { isAdmin: false })).statusCode).toBe(200);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    expect((await feedStatus(session)).active).toBe(true);
  });
});

describe('an ended feed, in the audit log', () => {
  it('a new one is "created", not "regenerated"; stopping an ended one writes nothing', async () => {
    const { user, session } = await member();
    const token = await apiToken(session);
    await createFeed(token.headers);
    await t.app.inject({ method: 'DELETE', url: `/api/api-tokens/${token.id}`, headers: session });
    const feedEntries = async () =>
      (await auditEntriesOf(t.db, t.orgA.organization.id, user.id)).filter((e) =>
        e.changes?.includes('calendarFeed'),
      );
    const before = (await feedEntries()).length;
    const stop = await t.app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: session });
    expect(stop.statusCode).toBe(204);
    expect(await feedEntries()).toHaveLength(before);
    await createFeed(session);
    const [latest] = await feedEntries();
    expect(JSON.parse(latest!.changes!)).toEqual({
      changes: { calendarFeed: { from: null, to: '[created]' } },
    });
  });
});
