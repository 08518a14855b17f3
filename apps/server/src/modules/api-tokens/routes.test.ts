import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKENS_PER_USER,
  type TApiToken,
  type TCreatedApiToken,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLogEntries, idempotencyKeys } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createUser, loginAs } from '#server/test/fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';
import { hashApiToken, LAST_USED_PRECISION_MS } from './service.ts';

const clock = new SettableClock();
const w = tenantWorld({}, { clock });

type Payload = { name?: string; scope?: string; expiresInDays?: number };

async function create(headers: AuthHeaders, payload: Payload = {}) {
  return w.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers,
    payload: { name: 'Backup script', scope: 'write', expiresInDays: 30, ...payload },
  });
}

/** A new token of the signed-in user: its secret as an Authorization header, and its listing. */
async function tokenFor(headers: AuthHeaders, payload: Payload = {}) {
  const response = await create(headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<TCreatedApiToken>();
  return { ...created, headers: { authorization: `Bearer ${created.secret}` } };
}

const listOwn = (headers: AuthHeaders) => w.app.inject({ method: 'GET', url: '/api/api-tokens', headers });
const assetBody = { name: 'Compressor 7' };

describe('creating and listing API tokens', () => {
  it('answers the secret once, keeps only its hash, and lists the token without it', async () => {
    const response = await create(w.headers.memberA, { name: '  Nightly export  ', scope: 'read' });
    expect(response.statusCode).toBe(201);
    const { token, secret } = response.json<TCreatedApiToken>();
    expect(secret).toMatch(API_TOKEN_PATTERN);
    expect(token).toMatchObject({ name: 'Nightly export', scope: 'read', lastUsedAt: null });
    expect(token.hint).toBe(secret.slice(0, 8));
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(30 * 24 * 3600 * 1000);

    const [row] = await w.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.secretHash).toBe(hashApiToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));

    const list = await listOwn(w.headers.memberA);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([token]);
    expect(list.body).not.toContain(secret);
  });

  it('with an Idempotency-Key, answers a repeat with the same token, never a second one, and keeps its secret sealed', async () => {
    const send = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { ...w.headers.adminB, 'idempotency-key': 'create-token-1' },
        payload: { name: 'Retried', scope: 'read', expiresInDays: 7 },
      });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.json<TCreatedApiToken>()).toEqual(first.json<TCreatedApiToken>());
    const [kept] = await w.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'create-token-1'));
    expect(kept!.body).not.toContain(first.json<TCreatedApiToken>().secret.slice(4));
    expect(kept!.secretUntil).not.toBeNull();
    const mine = await w.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, w.orgB.admin.id), eq(apiTokens.name, 'Retried')));
    expect(mine).toHaveLength(1);
  });

  it('refuses a missing name, an unknown scope and an expiry past a year or never', async () => {
    for (const payload of [
      { name: ' ' },
      { scope: 'admin' },
      { expiresInDays: 366 },
      { expiresInDays: 0 },
      { expiresInDays: 1.5 },
    ]) {
      const response = await create(w.headers.memberA, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const never = await w.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: w.headers.memberA,
      payload: { name: 'Forever', scope: 'read' },
    });
    expect(never.statusCode).toBe(400);
    expect(never.json().fields[0]).toMatchObject({
      path: 'expiresInDays',
      message: API_TOKEN_MESSAGES.expiry,
    });
  });

  it(`holds one person to ${API_TOKENS_PER_USER} live tokens; revoking one makes room`, async () => {
    const user = await createUser(w.db, w.orgA.organization.id);
    const { headers } = await loginAs(w.app, user);
    const made = [];
    for (let i = 0; i < API_TOKENS_PER_USER; i++) made.push(await tokenFor(headers, { name: `Token ${i}` }));
    const refused = await create(headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(API_TOKEN_MESSAGES.tooMany);
    const revoke = await w.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${made[0]!.token.id}`,
      headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await create(headers)).statusCode).toBe(201);
  });

  it('audits every creation and revocation, with the name, scope and expiry, never the secret', async () => {
    const { token, secret } = await tokenFor(w.headers.adminA, { name: 'Audited', scope: 'read' });
    await w.app.inject({ method: 'DELETE', url: `/api/api-tokens/${token.id}`, headers: w.headers.adminA });
    const entries = await w.db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.organizationId, w.orgA.organization.id),
          eq(auditLogEntries.entityId, token.id),
        ),
      );
    expect(entries.map((e) => [e.action, e.entityType, e.entityName, e.userId]).sort()).toEqual([
      ['CREATE', 'ApiToken', 'Audited', w.orgA.admin.id],
      ['REVOKE', 'ApiToken', 'Audited', w.orgA.admin.id],
    ]);
    const created = entries.find((e) => e.action === 'CREATE');
    expect(JSON.parse(created!.changes!)).toEqual({
      created: true,
      scope: 'read',
      expiresAt: token.expiresAt,
    });
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});

describe('a request with an API token', () => {
  it('acts as its user, with no XSRF header even when the XSRF cookie comes along', async () => {
    const { headers } = await tokenFor(w.headers.memberA);
    const me = await w.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: w.orgA.member.email, isAdmin: false });

    const cookie = `${XSRF_COOKIE}=${'a'.repeat(43)}`;
    const created = await w.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: { ...headers, cookie },
      payload: assetBody,
    });
    expect(created.statusCode, created.body).toBe(201);
    // The same browser request with a sign-in token still needs the header.
    const session = await w.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: { ...w.headers.memberA, cookie },
      payload: assetBody,
    });
    expect(session.statusCode).toBe(403);
    const echoed = await w.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: { ...w.headers.memberA, cookie, [XSRF_HEADER.toLowerCase()]: 'a'.repeat(43) },
      payload: assetBody,
    });
    expect(echoed.statusCode).toBe(201);
  });

  it('with read-only scope reads, and is refused with a clear 403 on every kind of write', async () => {
    const asset = await createAssetViaApi(w.app, w.headers.adminA, { name: 'Read target' });
    const { headers } = await tokenFor(w.headers.adminA, { scope: 'read' });
    expect((await w.app.inject({ method: 'GET', url: '/api/assets', headers })).statusCode).toBe(200);
    expect((await w.app.inject({ method: 'GET', url: `/api/assets/${asset.id}`, headers })).statusCode).toBe(
      200,
    );
    const writes = [
      { method: 'POST', url: '/api/assets', payload: assetBody },
      { method: 'PUT', url: `/api/assets/${asset.id}`, payload: { name: 'Renamed' } },
      { method: 'POST', url: `/api/assets/${asset.id}/events`, payload: { title: 'Oil change' } },
      { method: 'POST', url: `/api/admin/assets/${asset.id}/retire` },
      { method: 'POST', url: '/api/admin/users', payload: { email: 'x@example.com' } },
      { method: 'DELETE', url: `/api/admin/assets/${asset.id}`, payload: { name: 'Read target' } },
    ] as const;
    for (const write of writes) {
      const response = await w.app.inject({ ...write, headers });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json().message).toBe(API_TOKEN_MESSAGES.readOnly);
    }
    const after = await w.app.inject({ method: 'GET', url: `/api/assets/${asset.id}`, headers });
    expect(after.json()).toMatchObject({ name: 'Read target', retiredAt: null });
  });

  it('with read and write scope records a maintenance event, audited as its user', async () => {
    const asset = await createAssetViaApi(w.app, w.headers.memberA, assetBody);
    const { headers } = await tokenFor(w.headers.memberA, { scope: 'write' });
    const event = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers,
      payload: { title: 'Filter replaced' },
    });
    expect(event.statusCode, event.body).toBe(201);
    const [entry] = await w.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.entityId, event.json().id));
    expect(entry).toMatchObject({
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      userId: w.orgA.member.id,
    });
  });

  it('keeps its role in step with the user: an administrator demoted to member keeps member rights only', async () => {
    const admin = await createUser(w.db, w.orgA.organization.id, { isAdmin: true });
    const { headers: adminSession } = await loginAs(w.app, admin);
    const { headers } = await tokenFor(adminSession);
    const users = () => w.app.inject({ method: 'GET', url: '/api/admin/users', headers });
    expect((await users()).statusCode).toBe(200);
    const demote = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: w.headers.adminA,
      payload: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(200);
    expect((await users()).statusCode).toBe(403);
    expect((await w.app.inject({ method: 'GET', url: '/api/assets', headers })).statusCode).toBe(200);
  });

  it('stops when revoked, when expired, and for good when its user is deactivated', async () => {
    const user = await createUser(w.db, w.orgA.organization.id);
    const { headers: session } = await loginAs(w.app, user);
    const revoked = await tokenFor(session);
    const expiring = await tokenFor(session, { expiresInDays: 1 });
    const kept = await tokenFor(session, { expiresInDays: 7 });
    const read = (headers: AuthHeaders) => w.app.inject({ method: 'GET', url: '/api/assets', headers });

    expect((await read(revoked.headers)).statusCode).toBe(200);
    await w.app.inject({ method: 'DELETE', url: `/api/api-tokens/${revoked.token.id}`, headers: session });
    const refused = await read(revoked.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');

    clock.set(new Date(Date.now() + 25 * 3600 * 1000));
    try {
      expect((await read(expiring.headers)).statusCode).toBe(401);
      expect((await read(kept.headers)).statusCode).toBe(200);
    } finally {
      clock.reset();
    }

    const deactivate = (isActive: boolean) =>
      w.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.id}`,
        headers: w.headers.adminA,
        payload: { isActive },
      });
    expect((await deactivate(false)).statusCode).toBe(200);
    expect((await read(kept.headers)).statusCode).toBe(401);
    expect((await deactivate(true)).statusCode).toBe(200);
    expect((await read(kept.headers)).statusCode).toBe(401);
  });

  it('answers 401 for a malformed or unknown token, like any bad bearer', async () => {
    for (const secret of ['mqr_short', `mqr_${'x'.repeat(43)}`, `mqr_${'x'.repeat(43)}==`]) {
      const response = await w.app.inject({
        method: 'GET',
        url: '/api/assets',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(response.statusCode, secret).toBe(401);
    }
  });

  it('cannot manage tokens nor change the profile or password (403), even with read and write scope', async () => {
    const { token, headers } = await tokenFor(w.headers.memberA);
    const attempts = [
      { method: 'GET', url: '/api/api-tokens' },
      { method: 'POST', url: '/api/api-tokens', payload: { name: 'x', scope: 'write', expiresInDays: 1 } },
      { method: 'DELETE', url: `/api/api-tokens/${token.id}` },
      { method: 'PUT', url: '/api/auth/me', payload: { displayName: 'Hijacked' } },
    ] as const;
    for (const attempt of attempts) {
      const response = await w.app.inject({ ...attempt, headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
    const { headers: adminToken } = await tokenFor(w.headers.adminA);
    const admin = await w.app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: adminToken });
    expect(admin.statusCode).toBe(403);
    expect((await listOwn(w.headers.memberA)).json().map((t: TApiToken) => t.id)).toContain(token.id);
  });

  it('writes "last used" once a minute at most, however many requests', async () => {
    const { token, headers } = await tokenFor(w.headers.memberB);
    const lastUsed = async () =>
      (await w.db.select().from(apiTokens).where(eq(apiTokens.id, token.id)))[0]?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();
    const start = new Date(Date.now() + 3600_000);
    clock.freeze(start);
    try {
      await Promise.all(
        Array.from({ length: 5 }, () => w.app.inject({ method: 'GET', url: '/api/assets', headers })),
      );
      expect(await lastUsed()).toEqual(start);
      clock.freeze(new Date(start.getTime() + LAST_USED_PRECISION_MS - 1000));
      await w.app.inject({ method: 'GET', url: '/api/assets', headers });
      expect(await lastUsed()).toEqual(start);
      const later = new Date(start.getTime() + LAST_USED_PRECISION_MS + 1000);
      clock.freeze(later);
      await w.app.inject({ method: 'GET', url: '/api/assets', headers });
      expect(await lastUsed()).toEqual(later);
    } finally {
      clock.reset();
    }
    const listed = (await listOwn(w.headers.memberB)).json<TApiToken[]>().find((t) => t.id === token.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('works with Idempotency-Key: a repeat answers the first result, never a second asset', async () => {
    const { headers } = await tokenFor(w.headers.memberA);
    const send = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/assets',
        headers: { ...headers, 'idempotency-key': 'token-key-1' },
        payload: { name: 'Once only' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
  });
});

describe('tokens and organizations', () => {
  let tokenB: Awaited<ReturnType<typeof tokenFor>>;
  let assetA: { id: string };
  beforeAll(async () => {
    assetA = await createAssetViaApi(w.app, w.headers.adminA, { name: 'Only in A' });
    tokenB = await tokenFor(w.headers.adminB, { name: 'B script' });
  });

  it("a token of organization B never reads nor changes A's data", async () => {
    const headers = tokenB.headers;
    const read = await w.app.inject({ method: 'GET', url: `/api/assets/${assetA.id}`, headers });
    expect(read.statusCode).toBe(404);
    const list = await w.app.inject({ method: 'GET', url: '/api/assets?search=Only%20in%20A', headers });
    expect(list.json().items ?? list.json()).toEqual([]);
    const change = await w.app.inject({
      method: 'PUT',
      url: `/api/assets/${assetA.id}`,
      headers,
      payload: { name: 'Taken over' },
    });
    expect(change.statusCode).toBe(404);
    const event = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${assetA.id}/events`,
      headers,
      payload: { title: 'Sneaky' },
    });
    expect(event.statusCode).toBe(404);
  });

  it("an administrator lists and revokes their organization's tokens, never another's; a member cannot", async () => {
    const memberToken = await tokenFor(w.headers.memberA, { name: 'Member script' });
    const listA = await w.app.inject({
      method: 'GET',
      url: '/api/admin/api-tokens',
      headers: w.headers.adminA,
    });
    expect(listA.statusCode).toBe(200);
    const listed = listA.json<TApiToken[]>();
    expect(listed.find((t) => t.id === memberToken.token.id)?.owner).toEqual({
      id: w.orgA.member.id,
      email: w.orgA.member.email,
      displayName: w.orgA.member.displayName,
    });
    expect(listed.map((t) => t.id)).not.toContain(tokenB.token.id);

    const crossTenant = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-tokens/${tokenB.token.id}`,
      headers: w.headers.adminA,
    });
    expect(crossTenant.statusCode).toBe(404);
    const ownList = await w.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${tokenB.token.id}`,
      headers: w.headers.adminA,
    });
    expect(ownList.statusCode).toBe(404);
    expect(
      (await w.app.inject({ method: 'GET', url: '/api/assets', headers: tokenB.headers })).statusCode,
    ).toBe(200);

    const byMember = await w.app.inject({
      method: 'GET',
      url: '/api/admin/api-tokens',
      headers: w.headers.memberA,
    });
    expect(byMember.statusCode).toBe(403);
    const memberRevokesOther = await w.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${listed.find((t) => t.owner?.id === w.orgA.admin.id)?.id ?? memberToken.token.id}`,
      headers: w.headers.memberB,
    });
    expect(memberRevokesOther.statusCode).toBe(404);

    const revoke = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-tokens/${memberToken.token.id}`,
      headers: w.headers.adminA,
    });
    expect(revoke.statusCode).toBe(204);
    expect(
      (await w.app.inject({ method: 'GET', url: '/api/assets', headers: memberToken.headers })).statusCode,
    ).toBe(401);
    const [entry] = await w.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, memberToken.token.id), eq(auditLogEntries.action, 'REVOKE')));
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { Status: { from: 'Active', to: 'Revoked' } },
      owner: w.orgA.member.email,
    });
    expect(entry?.organizationId).toBe(w.orgA.organization.id);
  });

  it("an organization administrator neither sees nor revokes a super administrator's tokens; super administrators do", async () => {
    const superToken = await tokenFor(w.headers.superA, { name: 'Root script' });
    const adminToken = await tokenFor(w.headers.adminA, { name: 'Admin script' });
    const listIds = async (headers: AuthHeaders) => {
      const response = await w.app.inject({
        method: 'GET',
        url: '/api/admin/api-tokens?pageSize=100',
        headers,
      });
      expect(response.statusCode).toBe(200);
      const ids = response.json<TApiToken[]>().map((t) => t.id);
      expect(Number(response.headers['x-total-count'])).toBe(ids.length);
      return ids;
    };
    const revoke = (id: string, headers: AuthHeaders) =>
      w.app.inject({ method: 'DELETE', url: `/api/admin/api-tokens/${id}`, headers });

    const seenByAdmin = await listIds(w.headers.adminA);
    expect(seenByAdmin).toContain(adminToken.token.id);
    expect(seenByAdmin).not.toContain(superToken.token.id);
    // Answered as an unknown token, and the token goes on working.
    const refused = await revoke(superToken.token.id, w.headers.adminA);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: API_TOKEN_MESSAGES.notFound });
    expect(
      (await w.app.inject({ method: 'GET', url: '/api/assets', headers: superToken.headers })).statusCode,
    ).toBe(200);

    // Another organization's super administrator does not reach them either (their own organization only).
    const superB = await createUser(w.db, w.orgB.organization.id, { isAdmin: true, isSuperAdmin: true });
    const superBHeaders = (await loginAs(w.app, superB)).headers;
    expect(await listIds(superBHeaders)).not.toContain(superToken.token.id);
    expect((await revoke(superToken.token.id, superBHeaders)).statusCode).toBe(404);

    // Super administrators of the organization see every token of it, and revoke another super administrator's.
    const seenBySuper = await listIds(w.headers.superA);
    expect(seenBySuper).toEqual(expect.arrayContaining([superToken.token.id, adminToken.token.id]));
    const otherSuper = await createUser(w.db, w.orgA.organization.id, { isAdmin: true, isSuperAdmin: true });
    const otherSuperHeaders = (await loginAs(w.app, otherSuper)).headers;
    expect((await revoke(superToken.token.id, otherSuperHeaders)).statusCode).toBe(204);
    expect(
      (await w.app.inject({ method: 'GET', url: '/api/assets', headers: superToken.headers })).statusCode,
    ).toBe(401);
    expect((await revoke(adminToken.token.id, w.headers.superA)).statusCode).toBe(204);
  });

  it('a revoked or unknown token id answers 404, a malformed one too', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const response = await w.app.inject({
        method: 'DELETE',
        url: `/api/api-tokens/${id}`,
        headers: w.headers.memberA,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });
});
