import { describe, expect, it } from 'vitest';
import { interpretScan } from './scan-result.ts';

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';

describe('interpretScan', () => {
  it('opens the public page of a scanned asset URL, whatever its host', () => {
    expect(interpretScan(`https://qr.example.com/a/${ORG.toUpperCase()}/pump-3-x7k2q9?x=1`)).toEqual({
      kind: 'asset',
      path: `/a/${ORG}/pump-3-x7k2q9`,
      organizationId: ORG,
      slug: 'pump-3-x7k2q9',
    });
  });
  it('opens the page of a scanned location URL', () => {
    expect(interpretScan(`https://qr.example.com/l/${ORG}/boiler-room-x1`)).toEqual({
      kind: 'location',
      path: `/l/${ORG}/boiler-room-x1`,
    });
  });
  it('leaves any other text on the scan page', () => {
    expect(interpretScan('hello')).toEqual({ kind: 'other' });
    expect(interpretScan('https://example.com/a/pump-3')).toEqual({ kind: 'other' });
  });
});
