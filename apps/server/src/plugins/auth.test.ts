import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { testConfig } from '../test/build-test-app.ts';
import { createTwoOrganizations, createUser, loginAs, type OrgFixture } from '../test/fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { accessScope } from './access-scopes.ts';

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let orgA: OrgFixture;
let orgB: OrgFixture;

// buildTestApp answers a ready app; routes must be added before ready, so build it here.
beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-auth-test-'));
  const database = await createTestDatabase();
  app = await buildApp(testConfig(dataDir), { logger: false, bootstrap: false, database });
  await app.register(
    accessScope('admin', async (scope) => {
      scope.get('/api/test-admin', async () => ({ ok: true }));
    }),
  );
  await app.register(
    accessScope('super-admin', async (scope) => {
      scope.get('/api/test-super', async () => ({ ok: true }));
    }),
  );
  await app.register(
    accessScope('signed-in', async (scope) => {
      scope.get('/api/test-context', async (request) => request.user);
    }),
  );
  await app.register(
    accessScope('public', async (scope) => {
      scope.get('/api/test-no-auth', async (request) => ({ user: request.user }));
      // A guard used without authenticate first refuses rather than letting the request through.
      scope.get('/api/test-guard-only', { onRequest: [app.requireAdmin] }, async () => ({ ok: true }));
    }),
  );
  await app.ready();
  db = database.ownerDb;
  close = async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  ({ orgA, orgB } = await createTwoOrganizations(db));
});

afterAll(async () => {
  await close?.();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('access scopes: signed-in, admin, super-admin', () => {
  it('requireAdmin lets administrators and super administrators through, refuses members with 403', async () => {
    const superAdmin = await createUser(db, orgA.organization.id, { isSuperAdmin: true });
    expect((await get('/api/test-admin', (await loginAs(app, orgA.admin)).headers)).statusCode).toBe(200);
    expect((await get('/api/test-admin', (await loginAs(app, superAdmin)).headers)).statusCode).toBe(200);
    const member = await get('/api/test-admin', (await loginAs(app, orgA.member)).headers);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
    const anonymous = await get('/api/test-admin');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required.' });
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
  });

  it('requireSuperAdmin refuses administrators and members with 403', async () => {
    const superAdmin = await createUser(db, orgB.organization.id, { isSuperAdmin: true });
    expect((await get('/api/test-super', (await loginAs(app, superAdmin)).headers)).statusCode).toBe(200);
    expect((await get('/api/test-super', (await loginAs(app, orgB.admin)).headers)).statusCode).toBe(403);
    expect((await get('/api/test-super', (await loginAs(app, orgB.member)).headers)).statusCode).toBe(403);
    expect((await get('/api/test-super')).statusCode).toBe(401);
  });

  it('a guard without authenticate refuses with 401', async () => {
    const { headers } = await loginAs(app, orgA.admin);
    expect((await get('/api/test-guard-only', headers)).statusCode).toBe(401);
  });

  it('request.user carries the acting user and their organization', async () => {
    const a = await get('/api/test-context', (await loginAs(app, orgA.member)).headers);
    expect(a.json()).toEqual({
      id: orgA.member.id,
      organizationId: orgA.organization.id,
      email: orgA.member.email,
      displayName: orgA.member.displayName,
      isAdmin: false,
      isSuperAdmin: false,
      canEditCompletedMaintenanceEvents: false,
      timeZone: 'UTC',
      createdAt: expect.any(String),
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en',
      currency: 'EUR',
    });
    const b = await get('/api/test-context', (await loginAs(app, orgB.admin)).headers);
    expect(b.json()).toMatchObject({
      id: orgB.admin.id,
      organizationId: orgB.organization.id,
      isAdmin: true,
    });
  });

  it('request.user is null on routes without authenticate, even with a token', async () => {
    const { headers } = await loginAs(app, orgA.member);
    expect((await get('/api/test-no-auth', headers)).json()).toEqual({ user: null });
  });
});
