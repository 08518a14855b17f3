import { describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { formatHours, formatRate } from '../texts.ts';
import { formatBucketDate, formatBucketDateLong } from './bucket-dates.ts';

describe('bucket date labels', () => {
  it('shows the calendar day itself, whatever the browser time zone', () => {
    // Midnight UTC read in a zone west of UTC would be Feb 2; the label stays on Feb 3.
    const label = formatBucketDate('2026-02-03');
    expect(label).toMatch(/Feb/);
    expect(label).toMatch(/\b3\b/);
    expect(label).not.toMatch(/2026/);
    expect(formatBucketDate('2026-01-01')).toMatch(/\b1\b/);
    expect(formatBucketDate('2025-12-31')).toMatch(/Dec.*31|31.*Dec/);
  });

  it('has a medium form with the year', () => {
    const label = formatBucketDateLong('2026-02-03');
    expect(label).toMatch(/Feb/);
    expect(label).toMatch(/\b3\b/);
    expect(label).toMatch(/2026/);
  });

  it('gives back what is not a calendar day', () => {
    expect(formatBucketDate('soon')).toBe('soon');
    expect(formatBucketDateLong('2026-2-3')).toBe('2026-2-3');
  });
});

describe('the dashboard’s dates and figures in the active language', () => {
  it('writes them in English by default', () => {
    expect(formatRate(0.874)).toBe('87%');
    expect(formatHours(12.25)).toBe('12.3');
    expect(formatRate(null)).toBe('N/A');
  });

  it('writes them the German way once German is active, not the browser’s', async () => {
    await activateLocale('de');
    expect(formatBucketDate('2026-02-03')).toMatch(/^3\. Feb/);
    expect(formatBucketDateLong('2026-02-03')).toMatch(/^03\.02\.2026$|^3\. Feb/);
    expect(formatRate(0.874)).toBe('87\u00a0%');
    expect(formatHours(12.25)).toBe('12,3');
    expect(formatRate(null)).toBe('k. A.');
  });
});
