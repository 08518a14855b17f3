import { describe, expect, it } from 'vitest';
import { fetchSlots } from './fetch-slots.ts';

describe('fetchSlots', () => {
  it('runs at most its size at once, the others in order, through failures', async () => {
    const run = fetchSlots(2);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      order.push(n);
      if (n === 1) throw new Error('refused');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => run(task(n))));
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
