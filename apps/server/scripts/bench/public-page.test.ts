import { describe, expect, it } from 'vitest';
import { missedPublicPageGoals, PUBLIC_PAGE_GOALS } from './public-page.ts';

const MET = {
  performance: 97,
  accessibility: 100,
  lcpMs: 2000,
  cls: 0,
  tbtMs: 40,
  scriptGzipKb: 97.3,
  staticScriptGzipKb: 93,
  catalogGzipKb: { en: 3.8, de: 4.2, fr: 4.3, es: 4.1 },
};

describe('the public page goals', () => {
  it('are performance 95, accessibility 100 and 120 KB of JavaScript', () => {
    expect(PUBLIC_PAGE_GOALS).toEqual({ performance: 95, accessibility: 100, scriptGzipKb: 120 });
  });

  it('name each one missed, and none when all are met (the limits themselves pass)', () => {
    expect(missedPublicPageGoals(MET)).toEqual([]);
    expect(missedPublicPageGoals({ ...MET, performance: 95, scriptGzipKb: 120 })).toEqual([]);
    expect(
      missedPublicPageGoals({ ...MET, performance: 68, accessibility: 96, scriptGzipKb: 150.2 }),
    ).toEqual([
      'public page performance 68 < 95',
      'public page accessibility 96 < 100',
      'public page JavaScript 150.2 KB > 120 KB gzip',
    ]);
  });
});
