import { describe, expect, it } from 'vitest';
import { formatLsn, laterLsn, parseLsn, replicaLag, routeRead } from './read-routing.ts';

describe('WAL positions (ADR 141)', () => {
  it('reads and writes PostgreSQL LSNs, comparing across the 4 GB boundary', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    expect(formatLsn(0x3000148n)).toBe('0/3000148');
  });

  it('answers undefined for anything that is not an LSN (a cookie someone edited)', () => {
    for (const text of [undefined, null, '', '0', '0/', '/1', 'G/1', '0/123456789', '0/1; x', ' 0/1']) {
      expect(parseLsn(text)).toBeUndefined();
    }
  });

  it('keeps the later of two positions, either possibly unknown', () => {
    expect(laterLsn(undefined, undefined)).toBeUndefined();
    expect(laterLsn(5n, undefined)).toBe(5n);
    expect(laterLsn(undefined, 7n)).toBe(7n);
    expect(laterLsn(9n, 7n)).toBe(9n);
  });
});

describe("the replica's lag from the primary's sampled positions", () => {
  const samples = [
    { at: 1000, lsn: 100n },
    { at: 2000, lsn: 100n },
    { at: 3000, lsn: 250n },
    { at: 4000, lsn: 400n },
  ];

  it('is 0 when the replica has replayed the newest sample, or nothing was sampled yet', () => {
    expect(replicaLag(samples, 400n, 4500)).toBe(0);
    expect(replicaLag(samples, 900n, 4500)).toBe(0);
    expect(replicaLag([], 1n, 4500)).toBe(0);
  });

  it('is the age of the last sample the replica holds: the safe side of its view', () => {
    // It holds 250 (sampled at 3000) but not 400: its data is at most 1.5 s old at 4500.
    expect(replicaLag(samples, 250n, 4500)).toBe(1500);
    // Between samples: it holds what the primary had at 2000, not yet what it had at 3000.
    expect(replicaLag(samples, 200n, 4500)).toBe(2500);
    // An idle primary (100 at 1000 and 2000): the later sample counts.
    expect(replicaLag(samples, 100n, 4500)).toBe(2500);
  });

  it('is at least the age of the oldest sample when the replica is behind every one', () => {
    expect(replicaLag(samples, 50n, 4500)).toBe(3500);
  });
});

describe('routeRead: which pool a request reads from', () => {
  const up = { state: 'up' as const, replayed: 1000n };

  it('reads from the replica when it is up and nothing of the request is newer than it', () => {
    expect(routeRead(up, undefined)).toEqual({ pool: 'replica', reason: 'replica' });
    expect(routeRead(up, 1000n)).toEqual({ pool: 'replica', reason: 'replica' });
    expect(routeRead(up, 999n)).toEqual({ pool: 'replica', reason: 'replica' });
  });

  it('reads from the primary after a write the replica has not replayed yet (read-your-own-writes)', () => {
    expect(routeRead(up, 1001n)).toEqual({ pool: 'primary', reason: 'own-write' });
    expect(routeRead({ state: 'up', replayed: null }, 1n)).toEqual({ pool: 'primary', reason: 'own-write' });
  });

  it('reads from the primary while the replica is down or too far behind, whatever the request wrote', () => {
    for (const wrote of [undefined, 1n]) {
      expect(routeRead({ state: 'down', replayed: 1000n }, wrote)).toEqual({
        pool: 'primary',
        reason: 'replica-down',
      });
      expect(routeRead({ state: 'behind', replayed: 1000n }, wrote)).toEqual({
        pool: 'primary',
        reason: 'replica-behind',
      });
    }
  });
});
