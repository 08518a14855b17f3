import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, dropDatabase, withDatabaseName } from '../test/test-database.ts';
import { FollowingPool } from './following-pool.ts';
import { NOT_A_STANDBY_CODE } from './host-list.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** `url` with a host list in front of its own host: `hosts` first. */
function listed(url: string, hosts: string[]): string {
  const u = new URL(url);
  return url.replace(u.host, [...hosts, u.host].join(','));
}

describe.runIf(Boolean(adminUrl))('FollowingPool on PostgreSQL (TEST_DATABASE_URL, ADR 132)', () => {
  const name = `mqr_following_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    await adminQuery(adminUrl!, (client) => client.query(`create database "${name}"`));
  });
  afterAll(async () => {
    await dropDatabase(adminUrl!, name);
  });

  it('skips a host that refuses connections and writes on the next', async () => {
    // Nothing listens on port 1.
    const url = `${listed(withDatabaseName(adminUrl!, name), ['127.0.0.1:1'])}?target_session_attrs=read-write`;
    const pool = new FollowingPool({ connectionString: url, max: 2, connectionTimeoutMillis: 2000 });
    try {
      const { rows } = (await pool.query('select inet_server_port() as port')) as {
        rows: { port: number }[];
      };
      expect(rows[0]!.port).toBe(Number(new URL(adminUrl!).port || 5432));
      await pool.query('create table if not exists t (n int)');
      await pool.query('insert into t values (1)');
    } finally {
      await pool.end();
    }
  });

  it('refuses a server that takes no writes with 25006, as libpq read-write does', async () => {
    const readOnly = `${name}_ro`;
    await adminQuery(adminUrl!, async (client) => {
      await client.query(`create database "${readOnly}"`);
      await client.query(`alter database "${readOnly}" set default_transaction_read_only = on`);
    });
    const url = `${withDatabaseName(adminUrl!, readOnly)}?target_session_attrs=read-write`;
    const pool = new FollowingPool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 1000,
      failoverWaitMillis: 300,
    });
    try {
      await expect(pool.query('select 1')).rejects.toMatchObject({ code: '25006' });
    } finally {
      await pool.end();
      await dropDatabase(adminUrl!, readOnly);
    }
  });

  it("refuses a primary for a standby's pool (a read replica's), at once and without sending anything again (ADR 141)", async () => {
    const pool = new FollowingPool({
      connectionString: withDatabaseName(adminUrl!, name),
      role: 'standby',
      max: 1,
      connectionTimeoutMillis: 1000,
    });
    try {
      await expect(pool.query('select 1')).rejects.toMatchObject({ code: NOT_A_STANDBY_CODE });
      await expect(pool.connect()).rejects.toMatchObject({ code: NOT_A_STANDBY_CODE });
    } finally {
      await pool.end();
    }
  });
});
