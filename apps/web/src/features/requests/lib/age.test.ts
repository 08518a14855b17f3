import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ageOf } from './age.ts';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const ago = (ms: number) => i18n._(ageOf(new Date(NOW.getTime() - ms).toISOString(), NOW));

describe('ageOf', () => {
  it('says minutes under an hour, at least one', () => {
    expect(ago(5_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000)).toBe('59 minutes ago');
  });

  it('says hours under two days, then days', () => {
    expect(ago(60 * 60_000)).toBe('1 hour ago');
    expect(ago(47 * 3_600_000)).toBe('47 hours ago');
    expect(ago(48 * 3_600_000)).toBe('2 days ago');
  });
});
