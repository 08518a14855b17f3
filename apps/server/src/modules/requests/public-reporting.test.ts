import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { getPublicReporting, type PublicReportingFacts } from './service.ts';

/** The public page's `reporting`, from the asset and organization the page has read (no lookup of its own). */
describe('the public page offers the report form', () => {
  const reads: string[] = [];
  /** A database whose open report of any asset was made on 2026-03-01 at 23:30 UTC, counting its reads. */
  const db = {
    execute: async () => {
      reads.push('open report');
      return { rows: [{ id: 'r1', createdAt: '2026-03-01T23:30:00Z', meTooCount: 2 }] };
    },
  } as unknown as DbOrTx;
  const facts = (change: {
    asset?: Partial<PublicReportingFacts['asset']>;
    organization?: Partial<PublicReportingFacts['organization']>;
  }): PublicReportingFacts => ({
    asset: { id: 'a1', retiredAt: null, reportingEnabled: true, ...change.asset },
    organization: {
      id: 'o1',
      reportingEnabled: true,
      showOpenReports: true,
      timeZone: 'Europe/Berlin',
      ...change.organization,
    },
  });

  it('where the organization and the asset allow it, with the open report on the organization’s date', async () => {
    reads.length = 0;
    expect(await getPublicReporting(db, facts({}))).toEqual({
      enabled: true,
      handling: { reportedOn: '2026-03-02', meTooCount: 2, requestId: 'r1' },
    });
    expect(reads).toEqual(['open report']);
  });

  it('not where the organization or the asset turned it off, or the asset is retired; no read then', async () => {
    reads.length = 0;
    const off = { enabled: false, handling: null };
    expect(await getPublicReporting(db, facts({ organization: { reportingEnabled: false } }))).toEqual(off);
    expect(await getPublicReporting(db, facts({ asset: { reportingEnabled: false } }))).toEqual(off);
    expect(await getPublicReporting(db, facts({ asset: { retiredAt: new Date() } }))).toEqual(off);
    expect(await getPublicReporting(db, facts({ organization: { showOpenReports: false } }))).toEqual({
      enabled: true,
      handling: null,
    });
    expect(reads).toEqual([]);
  });
});
