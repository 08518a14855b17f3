import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { namedStatementRows, statementName, TEXTS_PER_NAME } from '#server/db/named-statement.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

/** The session's prepared statements whose name starts with `prefix` (the embedded database suffixes a connection's number). */
async function preparedNames(db: DbOrTx, prefix: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select name from pg_prepared_statements where name like ${`${prefix}%`} order by name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

const sample = (label: string) =>
  sql`select ${label}::text as label, timestamptz '2026-11-30 10:00:00+00' as at, date '2026-11-30' as day,
    interval '90 minutes' as span, 42::int as answer, true as yes`;

describe('namedStatementRows', () => {
  it('answers the rows drizzle answers, as a named statement of the pool’s connections', async () => {
    const name = `named_test_${randomUUID().slice(0, 8)}`;
    // More at once than the pool has connections: each connection prepares it.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => namedStatementRows(t.db, name, sample('pump'))),
    );
    const drizzles = (await t.db.execute(sample('pump'))) as unknown as { rows: unknown[] };
    for (const rows of answers) expect(rows).toEqual(drizzles.rows);
    expect(answers[0]).toEqual([
      {
        label: 'pump',
        at: expect.any(String),
        day: '2026-11-30',
        span: expect.any(String),
        answer: 42,
        yes: true,
      },
    ]);
    // Its values are parameters: another value, the same statement.
    expect(await namedStatementRows(t.db, name, sample('valve'))).toEqual([
      expect.objectContaining({ label: 'valve' }),
    ]);
    const names = await preparedNames(t.db, name);
    expect(names.length).toBeGreaterThan(0);
    for (const listed of names) expect(listed.startsWith(name)).toBe(true);
  });

  it('gives each text a name of its own, and runs texts past TEXTS_PER_NAME unnamed', async () => {
    const name = `named_test_${randomUUID().slice(0, 8)}`;
    const texts = Array.from({ length: TEXTS_PER_NAME + 1 }, (_, index) => `select ${index} as n`);
    const names = texts.map((text) => statementName(name, text));
    expect(new Set(names.slice(0, TEXTS_PER_NAME)).size).toBe(TEXTS_PER_NAME);
    for (const named of names.slice(0, TEXTS_PER_NAME))
      expect(named).toMatch(new RegExp(`^${name}_[0-9a-f]{12}$`));
    expect(names[TEXTS_PER_NAME]).toBeUndefined();
    // The same text, the same name; the unnamed one still answers.
    expect(statementName(name, texts[0]!)).toBe(names[0]);
    for (const [index, text] of texts.entries()) {
      expect(await namedStatementRows(t.db, name, sql.raw(text))).toEqual([{ n: index }]);
    }
  });

  it('runs unnamed in a transaction, on its connection', async () => {
    const name = `named_test_${randomUUID().slice(0, 8)}`;
    const { rows, names } = await t.db.transaction(async (tx) => ({
      rows: await namedStatementRows(tx, name, sample('in a transaction')),
      names: await preparedNames(tx, name),
    }));
    expect(rows).toEqual([expect.objectContaining({ label: 'in a transaction', answer: 42 })]);
    expect(names).toEqual([]);
  });
});
