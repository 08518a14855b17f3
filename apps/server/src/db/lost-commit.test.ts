import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { withLostCommitsResolved } from './lost-commit.ts';

const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

/** A database whose transactions run their work, then lose the COMMIT's answer (`commitError`). */
function losingCommits(commitError: Error | undefined): Db {
  return {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      const result = await work({});
      if (commitError) throw commitError;
      return result;
    },
  } as unknown as Db;
}

describe('withLostCommitsResolved (ADR 132)', () => {
  it('returns the work’s result when the question finds the commit, asking again while the database is away', async () => {
    let asked = 0;
    const db = withLostCommitsResolved(losingCommits(lost()), () => async () => {
      asked++;
      if (asked < 3) throw lost();
      return true;
    });
    await expect(db.transaction(async () => 'created')).resolves.toBe('created');
    expect(asked).toBe(3);
  });

  it('lets the error stand when the commit is not found, when there is no question, and for other errors', async () => {
    const error = lost();
    await expect(
      withLostCommitsResolved(losingCommits(error), () => async () => false).transaction(async () => 'x'),
    ).rejects.toBe(error);
    await expect(
      withLostCommitsResolved(losingCommits(error), () => undefined).transaction(async () => 'x'),
    ).rejects.toBe(error);
    const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
    let asked = false;
    const db = withLostCommitsResolved(losingCommits(refused), () => async () => {
      asked = true;
      return true;
    });
    await expect(db.transaction(async () => 'x')).rejects.toBe(refused);
    expect(asked).toBe(false);
  });

  it('does not ask when the work itself failed', async () => {
    let asked = false;
    const db = withLostCommitsResolved(losingCommits(undefined), () => async () => {
      asked = true;
      return true;
    });
    await expect(
      db.transaction(async () => {
        throw lost();
      }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(asked).toBe(false);
  });
});
