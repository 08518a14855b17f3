import { describe, expect, it } from 'vitest';
import { sampleDocument } from './sample-files.ts';

describe('the sample documents', () => {
  it('are made whatever the names hold, past what the standard fonts encode', async () => {
    const pdf = await sampleDocument({
      title: 'Commissioning report',
      assetName: 'Pompe ‮ de relevage',
      serialNumber: 'SN-1',
      date: new Date('2026-11-01T08:00:00Z'),
      by: 'Łukasz 李 Zoë',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
