import { describe, expect, it } from 'vitest';
import { fittedSize } from './resize-photo.ts';

describe('fittedSize', () => {
  it('brings the long edge down to 1600 px, keeping the proportions', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fittedSize(1600, 10)).toEqual({ width: 1600, height: 10 });
  });

  it('keeps at least one pixel on each side', () => {
    expect(fittedSize(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });
});
