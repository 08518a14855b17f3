import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFirstStart } from '../bootstrap/first-start.ts';
import { adminQuery, dropDatabase, randomSuffix, withDatabaseName } from '../test/test-database.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Several instances starting at once on one empty PostgreSQL database (ADR 069): without a lock, two
// migrators both created the same schema and all but one failed ("duplicate key ... pg_namespace").
describe.runIf(Boolean(adminUrl))('instances starting at once on an empty PostgreSQL database', () => {
  const name = `mqr_concurrent_start_${randomSuffix()}`;
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    await adminQuery(adminUrl!, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = withDatabaseName(adminUrl!, name);
    handles = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: url })));
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await dropDatabase(adminUrl!, name);
  });

  it('migrate once between them, and make one demo organization', async () => {
    await Promise.all(handles.map((handle) => handle.migrate()));
    const config = {
      adminEmail: 'admin@example.com',
      adminPassword: 'admin-password',
      demoMemberEmail: 'member@example.com',
      demoMemberPassword: 'member-password',
      publicBaseUrl: 'http://localhost:3000',
    };
    const results = await Promise.all(
      handles.map((handle) => runFirstStart(handle.db, config, { print: () => {} })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const counted = (await handles[0]!.db.execute(sql`
      select (select count(*) from organizations)::int as organizations,
             (select count(*) from users)::int as users,
             (select count(*) from drizzle.__drizzle_migrations)::int as migrations`)) as unknown as {
      rows: { organizations: number; users: number; migrations: number }[];
    };
    expect(counted.rows[0]).toMatchObject({ organizations: 1, users: 2 });
    // A later start finds every migration applied and nothing to do.
    await Promise.all(handles.map((handle) => handle.migrate()));
    const again = (await handles[1]!.db.execute(
      sql`select count(*)::int as migrations from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { migrations: number }[] };
    expect(again.rows[0]!.migrations).toBe(counted.rows[0]!.migrations);
  });
});
