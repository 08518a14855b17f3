import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { withPooledTransactions } from './pooled-transactions.ts';

/** A pooled connection that records what it was sent and how it was given back. */
class RecordingClient {
  readonly sent: string[] = [];
  readonly released: (Error | undefined)[] = [];
  private readonly failing: Record<string, Error>;

  constructor(failing: Record<string, Error> = {}) {
    this.failing = failing;
  }

  query(config: string | { text: string }) {
    const text = typeof config === 'string' ? config : config.text;
    this.sent.push(text);
    const failure = this.failing[text];
    return failure
      ? Promise.reject(failure)
      : Promise.resolve({ rows: [], rowCount: 0, fields: [], command: '' });
  }

  release(error?: Error) {
    this.released.push(error);
  }
}

function databaseOver(client: RecordingClient): Db {
  const pool = { connect: async () => client } as unknown as pg.Pool;
  return withPooledTransactions(drizzle(pool) as unknown as Db, pool);
}

const lost = () => new Error('Connection terminated unexpectedly');

describe('transactions on a pool (ADR 147)', () => {
  it('give the connection back, dropped, when BEGIN fails (drizzle-orm #6241 kept it)', async () => {
    const client = new RecordingClient({ begin: lost() });
    await expect(databaseOver(client).transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(client.released).toHaveLength(1);
    expect(client.released[0]).toBeInstanceOf(Error);
    expect(client.sent).toEqual(['begin']);
  });

  it('give it back, dropped, when the rollback after a failure cannot reach the database', async () => {
    const client = new RecordingClient({ 'select 1': lost(), rollback: lost() });
    await expect(databaseOver(client).transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(client.sent).toEqual(['begin', 'select 1', 'rollback']);
    expect(client.released).toHaveLength(1);
    expect(client.released[0]).toBeInstanceOf(Error);
  });

  it('give it back to be lent again after a commit, and after a rollback of the work’s own error', async () => {
    const committed = new RecordingClient();
    expect(await databaseOver(committed).transaction(async () => 'done')).toBe('done');
    expect(committed.sent).toEqual(['begin', 'commit']);
    expect(committed.released).toEqual([undefined]);

    const rolledBack = new RecordingClient();
    const refusal = new Error('not allowed');
    await expect(
      databaseOver(rolledBack).transaction(async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(rolledBack.sent).toEqual(['begin', 'rollback']);
    expect(rolledBack.released).toEqual([undefined]);
  });

  it('are never asked for drizzle’s relational queries, which their handle is built without', async () => {
    // withPooledTransactions builds the transaction's handle without the schema (its relational
    // configuration costs half a millisecond a time): `tx.query.<table>.findMany` would be undefined
    // there. The server's code uses the query builder and SQL only (a test may read with the
    // relational API outside a transaction); this keeps it so.
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const uses: string[] = [];
    for (const folder of ['src', 'scripts']) {
      const files = await readdir(path.join(server, folder), { recursive: true });
      for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
        const text = await readFile(path.join(server, folder, file), 'utf8');
        if (/\.query\.\w+\.find(First|Many)\(/.test(text)) uses.push(`${folder}/${file}`);
      }
    }
    expect(uses).toEqual([]);
  });
});
