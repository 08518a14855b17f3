import { MIN_BAR_PERCENT } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { barPercent } from './bar-width.ts';

describe('barPercent', () => {
  it('is the value in percent of the largest one', () => {
    expect(barPercent(1, 2, 0)).toBe(50);
    expect(barPercent(3, 4, MIN_BAR_PERCENT.history)).toBe(75);
    expect(barPercent(4, 4, MIN_BAR_PERCENT.completed)).toBe(100);
  });

  it('never goes beyond 100', () => {
    expect(barPercent(9, 3, MIN_BAR_PERCENT.leadTime)).toBe(100);
  });

  it('keeps small values at the minimum widths (8, 6 and 5 percent)', () => {
    expect(barPercent(1, 100, MIN_BAR_PERCENT.completed, { zeroIsEmpty: true })).toBe(8);
    expect(barPercent(0.5, 100, MIN_BAR_PERCENT.leadTime)).toBe(6);
    expect(barPercent(1, 50, MIN_BAR_PERCENT.history)).toBe(5);
    // Above the minimum, the proportion wins.
    expect(barPercent(10, 100, MIN_BAR_PERCENT.completed, { zeroIsEmpty: true })).toBe(10);
  });

  it('leaves a zero completed count empty, but not a zero lead time', () => {
    expect(barPercent(0, 5, MIN_BAR_PERCENT.completed, { zeroIsEmpty: true })).toBe(0);
    expect(barPercent(0, 5, MIN_BAR_PERCENT.leadTime)).toBe(MIN_BAR_PERCENT.leadTime);
  });

  it('draws nothing without a value or a positive maximum', () => {
    expect(barPercent(null, 10, MIN_BAR_PERCENT.leadTime)).toBe(0);
    expect(barPercent(3, 0, MIN_BAR_PERCENT.history)).toBe(0);
    expect(barPercent(0, 0, MIN_BAR_PERCENT.completed, { zeroIsEmpty: true })).toBe(0);
    expect(barPercent(3, -1, MIN_BAR_PERCENT.history)).toBe(0);
  });
});
