import { describe, expect, it } from 'vitest';
import { countUpToRemembered, REACHED_CAP_MEMORY_MS } from './count.ts';

/** A count function that answers `answers` in turn and records each call. */
function counter(...answers: number[]) {
  const calls: number[] = [];
  return {
    calls,
    count: async () => {
      const answer = answers[calls.length] ?? answers.at(-1)!;
      calls.push(answer);
      return answer;
    },
  };
}

describe('countUpToRemembered (ADR 076)', () => {
  it('answers a count that reached its cap again for a minute without counting, then counts', async () => {
    const { calls, count } = counter(101, 40);
    expect(await countUpToRemembered('reached', 101, count, 0)).toBe(101);
    expect(await countUpToRemembered('reached', 101, count, REACHED_CAP_MEMORY_MS - 1)).toBe(101);
    expect(calls).toEqual([101]);
    expect(await countUpToRemembered('reached', 101, count, REACHED_CAP_MEMORY_MS)).toBe(40);
    expect(calls).toEqual([101, 40]);
  });

  it('counts at every call under the cap, and keeps each key apart', async () => {
    const under = counter(7, 8);
    expect(await countUpToRemembered('under', 101, under.count, 0)).toBe(7);
    expect(await countUpToRemembered('under', 101, under.count, 1)).toBe(8);
    const other = counter(101);
    expect(await countUpToRemembered('other', 101, other.count, 2)).toBe(101);
    expect(await countUpToRemembered('under', 101, under.count, 3)).toBe(8);
    expect(under.calls).toHaveLength(3);
  });

  it('forgets a key whose count fell under the cap', async () => {
    const { calls, count } = counter(101, 50, 51);
    await countUpToRemembered('fell', 101, count, 0);
    expect(await countUpToRemembered('fell', 101, count, REACHED_CAP_MEMORY_MS)).toBe(50);
    expect(await countUpToRemembered('fell', 101, count, REACHED_CAP_MEMORY_MS + 1)).toBe(51);
    expect(calls).toEqual([101, 50, 51]);
  });
});
