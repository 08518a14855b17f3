import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { NOT_A_STANDBY_CODE } from './host-list.ts';
import {
  goesToPrimary,
  ReplicaRoutingPool,
  UNRESTRICTED_READ_ROLE_CODE,
  withTransactionsOnPrimaryAfterFailure,
} from './read-replica.ts';
import type { ReplicaState } from './read-routing.ts';

/** A pool that answers each query with `answer(text)` and records what it was sent. */
function fakePool(answer: (text: string) => unknown) {
  const sent: string[] = [];
  const connected: number[] = [];
  const pool = {
    sent,
    connected,
    query: async (config: string | { text: string }) => {
      const text = typeof config === 'string' ? config : config.text;
      sent.push(text);
      const result = answer(text);
      if (result instanceof Error) throw result;
      return result;
    },
    connect: async () => {
      connected.push(1);
      const result = answer('connect');
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return pool as typeof pool & pg.Pool;
}

const rows = (row: Record<string, unknown>) => ({ rows: [row] });
const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

function health(state: ReplicaState) {
  const marked: unknown[] = [];
  return {
    state,
    marked,
    markDown(error: unknown) {
      this.state = 'down';
      marked.push(error);
    },
  };
}

describe('ReplicaRoutingPool: which pool a query of the replica handle uses (ADR 141)', () => {
  it('sends queries and connections to the replica while it is up', async () => {
    const replica = fakePool(() => rows({ from: 'replica' }));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const pool = new ReplicaRoutingPool(replica, primary, health('up'));
    expect(await pool.query('select 1')).toEqual(rows({ from: 'replica' }));
    expect(await pool.query({ text: 'select 2', name: 'prepared' })).toEqual(rows({ from: 'replica' }));
    await pool.connect();
    expect([replica.sent, replica.connected.length, primary.sent, primary.connected.length]).toEqual([
      ['select 1', 'select 2'],
      1,
      [],
      0,
    ]);
    expect(pool.counts).toEqual({
      replica: 2 + 1,
      primaryWhileReplicaUnusable: 0,
      primaryAfterReplicaFailed: 0,
    });
  });

  it('sends them to the primary while the replica is down or behind, without trying it', async () => {
    for (const state of ['down', 'behind'] as const) {
      const replica = fakePool(() => rows({ from: 'replica' }));
      const primary = fakePool(() => rows({ from: 'primary' }));
      const pool = new ReplicaRoutingPool(replica, primary, health(state));
      expect(await pool.query('select 1')).toEqual(rows({ from: 'primary' }));
      await pool.connect();
      expect([replica.sent, replica.connected, primary.sent, primary.connected.length]).toEqual([
        [],
        [],
        ['select 1'],
        1,
      ]);
      expect(pool.counts.primaryWhileReplicaUnusable).toBe(2);
    }
  });

  it('sends a read that failed on an unreachable replica to the primary and marks the replica down', async () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      '57P01',
      NOT_A_STANDBY_CODE,
      UNRESTRICTED_READ_ROLE_CODE,
    ]) {
      const replica = fakePool(() => failure(code));
      const primary = fakePool(() => rows({ from: 'primary' }));
      const replicaHealth = health('up');
      const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
      expect(await pool.query('select 1'), code).toEqual(rows({ from: 'primary' }));
      expect(replicaHealth.state, code).toBe('down');
      // Down now: the next read does not try the replica.
      await pool.query('select 2');
      expect([replica.sent, primary.sent], code).toEqual([['select 1'], ['select 1', 'select 2']]);
      expect(pool.counts).toEqual({
        replica: 0,
        primaryWhileReplicaUnusable: 1,
        primaryAfterReplicaFailed: 1,
      });
    }
  });

  it('sends a statement the replica cancelled for its replay to the primary, the replica staying up', async () => {
    const replica = fakePool(() => failure('40001'));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const replicaHealth = health('up');
    const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
    expect(await pool.query('select 1')).toEqual(rows({ from: 'primary' }));
    expect(replicaHealth.state).toBe('up');
  });

  it("throws the query's own errors (a constraint, a syntax error) without sending it again", async () => {
    const replica = fakePool(() => failure('42601'));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const replicaHealth = health('up');
    const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
    await expect(pool.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect([primary.sent, replicaHealth.state]).toEqual([[], 'up']);
    expect(goesToPrimary(failure('23505'))).toBe(false);
    // A write sent to the replica by mistake is refused there (25006) and not hidden by the primary.
    expect(goesToPrimary(failure('25006'))).toBe(false);
    // Through drizzle, which wraps the driver's error: the same.
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: failure(code) });
    expect(
      [wrapped('40001'), wrapped('ECONNREFUSED'), wrapped('25006'), wrapped('42601')].map(goesToPrimary),
    ).toEqual([true, true, false, false]);
  });
});

describe("the replica handle's transactions", () => {
  /** A handle whose transactions answer `answer` (or throw it), recording that they ran. */
  function fakeDb(name: string, answer: unknown, ran: string[]) {
    return {
      transaction: async () => {
        ran.push(name);
        if (answer instanceof Error) throw answer;
        return answer;
      },
      select: () => name,
    } as unknown as Db;
  }
  const counts = () => ({ replica: 0, primaryWhileReplicaUnusable: 0, primaryAfterReplicaFailed: 0 });

  it('runs a transaction that failed on the replica for its sake again on the primary (it only reads)', async () => {
    for (const code of ['40001', 'ECONNRESET']) {
      const ran: string[] = [];
      const replicaHealth = health('up');
      const kept = counts();
      const db = withTransactionsOnPrimaryAfterFailure(
        fakeDb('replica', Object.assign(new Error('Failed query'), { cause: failure(code) }), ran),
        fakeDb('primary', 'figures', ran),
        replicaHealth,
        kept,
      );
      expect(await db.transaction(async () => 'unused')).toBe('figures');
      expect([ran, kept.primaryAfterReplicaFailed], code).toEqual([['replica', 'primary'], 1]);
      // A recovery conflict leaves the replica up; a lost connection marks it down.
      expect(replicaHealth.state, code).toBe(code === '40001' ? 'up' : 'down');
      // Everything else is the replica's handle's own.
      expect((db as unknown as { select(): string }).select()).toBe('replica');
    }
  });

  it("throws the work's own errors, and any error when the transaction did not start on the replica", async () => {
    const ran: string[] = [];
    const own = withTransactionsOnPrimaryAfterFailure(
      fakeDb('replica', failure('42P01'), ran),
      fakeDb('primary', 'figures', ran),
      health('up'),
      counts(),
    );
    await expect(own.transaction(async () => 'unused')).rejects.toMatchObject({ code: '42P01' });
    const down = withTransactionsOnPrimaryAfterFailure(
      fakeDb('replica', failure('ECONNRESET'), ran),
      fakeDb('primary', 'figures', ran),
      health('down'),
      counts(),
    );
    await expect(down.transaction(async () => 'unused')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(ran).toEqual(['replica', 'replica']);
  });
});
