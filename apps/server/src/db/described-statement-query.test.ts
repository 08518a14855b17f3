import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { DescribedStatementQuery, type TypeParsers } from './described-statement-query.ts';

const types = pg.types as unknown as TypeParsers;

/** node-postgres' connection of a checked-out client, with how many Describe messages it has sent. */
function countDescribes(client: pg.PoolClient): { count: number } {
  const wire = (client as unknown as { connection: { describe(message: unknown): void } }).connection;
  const counter = { count: 0 };
  const describe = wire.describe.bind(wire);
  wire.describe = (message) => {
    counter.count++;
    describe(message);
  };
  return counter;
}

/** The query's rows: awaited as the lean executor awaits it (a client hands the query back, a pool a promise). */
const run = async (
  client: pg.ClientBase | pg.Pool,
  name: string,
  text: string,
  values: unknown[],
  parsers = types,
): Promise<unknown[][]> =>
  await (client.query(new DescribedStatementQuery(name, text, values, parsers)) as unknown as PromiseLike<
    unknown[][]
  >);

describe('DescribedStatementQuery', () => {
  let database: DatabaseHandle;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = (database.ownerDb as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(() => database.close());

  it('asks for a statement’s columns once per connection and parses every run’s rows with them', async () => {
    const text = 'select $1::int as n, $2::text as label, $3::timestamptz as at, null::int as missing';
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      const describes = countDescribes(first);
      for (const n of [1, 2, 3]) {
        expect(await run(first, 'described_runs', text, [n, `run ${n}`, '2026-11-26T10:00:00Z'])).toEqual([
          [n, `run ${n}`, new Date('2026-11-26T10:00:00Z'), null],
        ]);
      }
      expect(describes.count).toBe(1);

      const elsewhere = countDescribes(second);
      expect(await run(second, 'described_runs', text, [4, 'run 4', null])).toEqual([
        [4, 'run 4', null, null],
      ]);
      expect(elsewhere.count).toBe(1);
    } finally {
      first.release();
      second.release();
    }
  });

  it('runs through a pool’s query() and gives the connection back', async () => {
    const rows = await run(pool, 'described_pool', 'select generate_series(1, $1::int) as n', [3]);
    expect(rows).toEqual([[1], [2], [3]]);
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('answers a database error, and the connection goes on answering', async () => {
    const client = await pool.connect();
    try {
      const failure = await run(client, 'described_uuid', 'select $1::uuid as id', ['not a uuid']).catch(
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: '22P02' });
      const id = '0195f1c2-0000-7000-8000-000000000001';
      expect(await run(client, 'described_uuid', 'select $1::uuid as id', [id])).toEqual([[id]]);
    } finally {
      client.release();
    }
  });

  it('is refused, not misread, when a column’s type changes under a described statement', async () => {
    const client = await pool.connect();
    try {
      await client.query('create temp table described_probe (x int)');
      await client.query('insert into described_probe values (7)');
      const text = 'select x from described_probe';
      expect(await run(client, 'described_probe', text, [])).toEqual([[7]]);
      expect(await run(client, 'described_probe', text, [])).toEqual([[7]]);
      await client.query('alter table described_probe alter column x type text');
      const failure = await run(client, 'described_probe', text, []).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '0A000', message: 'cached plan must not change result type' });
    } finally {
      await client.query('drop table if exists described_probe');
      client.release();
    }
  });

  it('refuses a name already used for another statement on the connection', async () => {
    const client = await pool.connect();
    try {
      await run(client, 'described_twice', 'select 1 as one', []);
      await expect(run(client, 'described_twice', 'select 2 as two', [])).rejects.toThrow(
        "Prepared statements must be unique - 'described_twice' was used for a different statement",
      );
    } finally {
      client.release();
    }
  });

  it('answers the error of a value its parser refuses, after the statement has ended', async () => {
    const refusing: TypeParsers = {
      getTypeParser: () => (text) => {
        if (text === 'bad') throw new Error('Refused: bad');
        return text;
      },
    };
    const client = await pool.connect();
    try {
      await expect(
        run(
          client,
          'described_refused',
          'select unnest(array[$1::text, $2::text]) as v',
          ['good', 'bad'],
          refusing,
        ),
      ).rejects.toThrow('Refused: bad');
      expect(
        await run(
          client,
          'described_refused',
          'select unnest(array[$1::text, $2::text]) as v',
          ['a', 'b'],
          refusing,
        ),
      ).toEqual([['a'], ['b']]);
    } finally {
      client.release();
    }
  });
});
