import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { accessScope } from '../plugins/access-scopes.ts';
import { testConfig } from '../test/build-test-app.ts';
import { createTwoOrganizations, loginAs, type OrgFixture } from '../test/fixtures.ts';
import { appRoleUrl, createTestDatabase, withDatabaseName } from '../test/test-database.ts';
import { type DatabaseHandle, type Db, openDatabase } from './client.ts';
import { assetFieldValues, assets, fieldDefinitions } from './schema.ts';
import { asOrganization, asSystem } from './scope.ts';
import { ScopedPool } from './scoped-pool.ts';

type Rows<T> = { rows: T[] };

/** `select ... from assets` with no organization filter: what row-level security lets through. */
async function assetOrganizations(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select organization_id from assets order by name`,
  )) as unknown as Rows<{
    organization_id: string;
  }>;
  return result.rows.map((row) => row.organization_id);
}

/** The SQLSTATE a promise is rejected with (drizzle wraps the driver's error in `cause`). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

describe('every table with an organization', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has row-level security on, not forced, and a policy (the migration runs on PGlite too)', async () => {
    const result = (await database.ownerDb.execute(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and (c.relname = 'organizations' or exists (
          select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id'))
      order by c.relname`)) as unknown as Rows<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }>;
    expect(result.rows.length).toBeGreaterThan(20);
    expect(result.rows.filter((row) => !row.enabled || row.forced || row.policies !== 1)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('row-level security on PostgreSQL (ADR 066)', () => {
  let database: DatabaseHandle;
  let db: Db;
  let orgA: OrgFixture;
  let orgB: OrgFixture;
  let a: string;
  let b: string;
  /** The app role's connection string to this test's database. */
  let appUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    // Made as the owner, whom the policies do not restrict.
    ({ orgA, orgB } = await createTwoOrganizations(database.ownerDb));
    a = orgA.organization.id;
    b = orgB.organization.id;
    await database.ownerDb.insert(assets).values([
      { organizationId: a, name: 'A pump', slug: 'a-pump' },
      { organizationId: a, name: 'A valve', slug: 'a-valve' },
      { organizationId: b, name: 'B pump', slug: 'b-pump' },
    ]);
    // A custom field value of each organization's first asset, for the list's "contains" view.
    for (const org of [a, b]) {
      const [field] = await database.ownerDb
        .insert(fieldDefinitions)
        .values({
          organizationId: org,
          target: 'Asset',
          label: 'Material',
          key: 'material',
          dataType: 'Text',
        })
        .returning();
      const [asset] = await database.ownerDb
        .select()
        .from(assets)
        .where(eq(assets.organizationId, org))
        .limit(1);
      await database.ownerDb
        .insert(assetFieldValues)
        .values({ organizationId: org, assetId: asset!.id, fieldId: field!.id, value: 'Steel' });
    }
    const name = (
      (await database.ownerDb.execute(sql`select current_database() as name`)) as unknown as Rows<{
        name: string;
      }>
    ).rows[0]!.name;
    appUrl = appRoleUrl(withDatabaseName(process.env.TEST_DATABASE_URL!, name));
  });

  afterAll(async () => {
    await database?.close();
  });

  it("shows a query without its organization filter only the scope's organization's rows", async () => {
    expect(await asOrganization(a, () => assetOrganizations(db))).toEqual([a, a]);
    expect(await asOrganization(b, () => assetOrganizations(db))).toEqual([b]);
    const users = (await asOrganization(a, () =>
      db.execute(sql`select distinct organization_id from users`),
    )) as unknown as Rows<{ organization_id: string }>;
    expect(users.rows).toEqual([{ organization_id: a }]);
    const organizations = (await asOrganization(a, () =>
      db.execute(sql`select id from organizations`),
    )) as unknown as Rows<{ id: string }>;
    expect(organizations.rows).toEqual([{ id: a }]);
  });

  it('shows no tenant rows when nothing names the scope (fail closed), and every row to asSystem', async () => {
    expect(await assetOrganizations(db)).toEqual([]);
    expect(((await db.execute(sql`select id from users`)) as unknown as Rows<unknown>).rows).toEqual([]);
    expect(((await db.execute(sql`select id from organizations`)) as unknown as Rows<unknown>).rows).toEqual(
      [],
    );
    expect(await asSystem(() => assetOrganizations(db))).toEqual([a, a, b]);
  });

  it("refuses to write another organization's row, to move a row there, and to touch one", async () => {
    const insert = asOrganization(a, () =>
      db.insert(assets).values({ organizationId: b, name: 'Planted', slug: 'planted' }),
    );
    expect(await sqlState(insert)).toBe('42501');
    const unscoped = db.insert(assets).values({ organizationId: b, name: 'Planted', slug: 'planted' });
    expect(await sqlState(unscoped)).toBe('42501');
    const move = asOrganization(a, () =>
      db.execute(sql`update assets set organization_id = ${b} where slug = 'a-pump'`),
    );
    expect(await sqlState(move)).toBe('42501');
    const touched = (await asOrganization(a, () =>
      db.execute(sql`update assets set name = 'Taken' where slug = 'b-pump'`),
    )) as unknown as { rowCount: number };
    expect(touched.rowCount).toBe(0);
    const deleted = (await asOrganization(a, () =>
      db.execute(sql`delete from assets where slug = 'b-pump'`),
    )) as unknown as { rowCount: number };
    expect(deleted.rowCount).toBe(0);
    expect(await asSystem(() => assetOrganizations(db))).toEqual([a, a, b]);
  });

  it('is a role that owns nothing, is not a superuser, and cannot turn the policies off', async () => {
    await asSystem(async () => {
      const role = (await db.execute(
        sql`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
      )) as unknown as Rows<{ rolsuper: boolean; rolbypassrls: boolean }>;
      expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
      // 42501 insufficient_privilege: "must be owner of table assets".
      expect(await sqlState(db.execute(sql`alter table assets disable row level security`))).toBe('42501');
      expect(await sqlState(db.execute(sql`drop policy tenant_isolation on assets`))).toBe('42501');
      expect(await sqlState(db.execute(sql`drop table assets`))).toBe('42501');
      expect(await sqlState(db.execute(sql`truncate assets`))).toBe('42501');
      expect(await sqlState(db.execute(sql`set role postgres`))).toBe('42501');
    });
    expect(await asSystem(() => assetOrganizations(db))).toEqual([a, a, b]);
  });

  it('applies the same rule through the views the list searches read, and shows the owner every row', async () => {
    /** The organizations of the rows `query` finds on `target`'s connection. */
    const found = (target: Db, query: ReturnType<typeof sql>) => async () =>
      ((await target.execute(query)) as unknown as Rows<{ organization_id: string }>).rows.map(
        (row) => row.organization_id,
      );
    const pumps = sql`select organization_id from assets_in_scope where name ilike '%pump%' order by name`;
    expect(await asOrganization(a, found(db, pumps))).toEqual([a]);
    expect(await asOrganization(b, found(db, pumps))).toEqual([b]);
    expect(await found(db, pumps)()).toEqual([]);
    expect(await asSystem(found(db, pumps))).toEqual([a, b]);
    expect(await found(database.ownerDb, pumps)()).toEqual([a, b]);
    const steel = sql`select organization_id from asset_field_values_in_scope
      where value ilike '%steel%' order by organization_id`;
    expect(await asOrganization(a, found(db, steel))).toEqual([a]);
    expect(await found(db, steel)()).toEqual([]);
    expect(await found(database.ownerDb, steel)()).toEqual([a, b].sort());
  });

  it('refuses to start with an app role that row-level security does not restrict', async () => {
    const ownerUrl = withDatabaseName(process.env.TEST_DATABASE_URL!, new URL(appUrl).pathname.slice(1));
    const unrestricted = await openDatabase({ databaseUrl: ownerUrl, appDatabaseUrl: ownerUrl });
    try {
      await expect(unrestricted.migrate()).rejects.toThrow(
        /DATABASE_APP_URL: the role "postgres" is a superuser or bypasses row-level security/,
      );
    } finally {
      await unrestricted.close();
    }
  });

  it('gives every statement of a transaction its scope', async () => {
    const seen = await asOrganization(a, () =>
      db.transaction(async (tx) => {
        const rows = (await tx.execute(sql`select organization_id from assets`)) as unknown as Rows<unknown>;
        return rows.rows.length;
      }),
    );
    expect(seen).toBe(2);
  });

  describe('on one connection (ScopedPool of one)', () => {
    let pool: ScopedPool;
    let one: Db;
    beforeAll(() => {
      pool = new ScopedPool({ connectionString: appUrl, max: 1 });
      one = drizzle(pool) as unknown as Db;
    });
    afterAll(async () => {
      await pool?.end();
    });

    it("gives each waiting query its caller's scope, not the scope of whoever releases the connection", async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const org = [a, b, null][i % 3];
          const query = () => assetOrganizations(one);
          return org ? asOrganization(org, query) : asSystem(query);
        }),
      );
      answers.forEach((answer, i) => {
        expect(answer).toEqual([[a, a], [b], [a, a, b]][i % 3]);
      });
    });

    it('sets the scope again after a rollback undid it', async () => {
      // Opened in A's scope; a statement in the system scope inside; rolled back: the session's
      // setting is A's again, whatever the connection last set.
      await asOrganization(a, () =>
        one
          .transaction(async (tx) => {
            expect(await asSystem(() => assetOrganizations(tx as unknown as Db))).toEqual([a, a, b]);
            throw new Error('roll back');
          })
          .catch(() => {}),
      );
      expect(await asSystem(() => assetOrganizations(one))).toEqual([a, a, b]);
      expect(await asOrganization(b, () => assetOrganizations(one))).toEqual([b]);
      expect(await assetOrganizations(one)).toEqual([]);
    });
  });

  describe('through a request', () => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-rls-'));
      app = await buildApp(testConfig(dataDir), { database, logger: false, bootstrap: false });
      await app.register(
        accessScope('signed-in', async (scope) => {
          // A route that forgot its organization filter.
          scope.get('/api/test/every-asset', async () => assetOrganizations(app.db));
        }),
      );
      await app.register(
        accessScope('public', async (scope) => {
          scope.get('/api/test/every-asset-anonymous', async () => assetOrganizations(app.db));
        }),
      );
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("shows a signed-in user only their organization's rows, and an anonymous request none", async () => {
      const inA = await app.inject({
        method: 'GET',
        url: '/api/test/every-asset',
        headers: (await loginAs(app, orgA.member)).headers,
      });
      expect(inA.json()).toEqual([a, a]);
      const inB = await app.inject({
        method: 'GET',
        url: '/api/test/every-asset',
        headers: (await loginAs(app, orgB.admin)).headers,
      });
      expect(inB.json()).toEqual([b]);
      const anonymous = await app.inject({ method: 'GET', url: '/api/test/every-asset-anonymous' });
      expect(anonymous.json()).toEqual([]);
    });
  });
});
