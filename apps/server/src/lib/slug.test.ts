import { SLUG_PATTERN } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { generateSlug, slugBase } from './slug.ts';

describe('slugs', () => {
  it('keep lower-case letters, digits and single hyphens of the name', () => {
    expect(slugBase('  Boiler Room / Pump #3  ')).toBe('boiler-room-pump-3');
    expect(slugBase('Crème brûlée_machine')).toBe('creme-brulee-machine');
    expect(slugBase('***')).toBe('asset');
    expect(slugBase('漢字')).toBe('asset');
  });

  it('cut the readable part at 60 characters without a trailing hyphen', () => {
    const base = slugBase(`${'a'.repeat(59)} bcd`);
    expect(base).toBe('a'.repeat(59));
    expect(slugBase('x'.repeat(200))).toHaveLength(60);
  });

  it('end with a hyphen and 6 random [a-z0-9] characters and match the contract pattern', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const slug = generateSlug('Forklift 7');
      expect(slug).toMatch(/^forklift-7-[a-z0-9]{6}$/);
      expect(SLUG_PATTERN.test(slug)).toBe(true);
      seen.add(slug);
    }
    expect(seen.size).toBeGreaterThan(45);
    expect(SLUG_PATTERN.test(generateSlug('---'))).toBe(true);
  });
});
