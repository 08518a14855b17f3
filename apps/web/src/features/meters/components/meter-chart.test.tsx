import { describe, expect, it } from 'vitest';
import { chartLines } from './meter-chart.tsx';

const point = (day: number, value: number, isReplacement = false) => ({
  readAt: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
  value,
  isReplacement,
});

describe('the chart’s lines', () => {
  it('run from the first reading (left, lowest) to the last (right, highest)', () => {
    expect(chartLines([point(0, 100), point(5, 150), point(10, 200)])).toEqual([
      '0.00,100.00 150.00,50.00 300.00,0.00',
    ]);
  });

  it('start again at a meter replacement', () => {
    const lines = chartLines([point(0, 100), point(1, 200), point(2, 0, true), point(3, 50)]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('200.00,100.00 300.00,75.00');
  });

  it('draw one reading as a short dash in the middle', () => {
    expect(chartLines([point(0, 7)])).toEqual(['147.00,50.00 153.00,50.00']);
  });
});
