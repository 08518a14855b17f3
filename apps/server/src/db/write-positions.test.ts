import { describe, expect, it } from 'vitest';
import { WritePositions } from './write-positions.ts';

describe("WritePositions: each user's last write position, for a while (ADR 141)", () => {
  it('answers the position until it expires, then nothing', () => {
    const positions = new WritePositions(60_000);
    positions.remember('ann', 500n, 1000);
    expect(positions.of('ann', 60_999)).toBe(500n);
    expect(positions.of('ann', 61_000)).toBeUndefined();
    expect(positions.of('bob', 1000)).toBeUndefined();
  });

  it('never goes back to an earlier position, and restarts the wait with each write', () => {
    const positions = new WritePositions(60_000);
    positions.remember('ann', 500n, 1000);
    // A slower request's write answered later with an earlier position.
    positions.remember('ann', 400n, 2000);
    expect(positions.of('ann', 61_500)).toBe(500n);
    positions.remember('ann', 700n, 70_000);
    expect(positions.of('ann', 70_000)).toBe(700n);
  });

  it('keeps at most `max` users, the oldest going first', () => {
    const positions = new WritePositions(60_000, 2);
    positions.remember('ann', 1n, 0);
    positions.remember('bob', 2n, 0);
    positions.remember('ann', 3n, 1);
    positions.remember('cid', 4n, 2);
    expect([positions.of('ann', 3), positions.of('bob', 3), positions.of('cid', 3), positions.size]).toEqual([
      3n,
      undefined,
      4n,
      2,
    ]);
  });
});
