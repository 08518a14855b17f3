import { describe, expect, it } from 'vitest';
import { auditQuery, hasAuditFilters, isInvalidRange, localInputToIso } from './audit-filters.ts';

describe('audit filters', () => {
  it('sends datetime-local values as ISO instants of the browser time zone', () => {
    expect(localInputToIso('2026-05-01T08:00')).toBe(new Date(2026, 4, 1, 8, 0).toISOString());
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('not a date')).toBeUndefined();
  });

  it('builds the query, leaving out empty filters', () => {
    expect(auditQuery({ entityType: '', from: '', to: '' }, 2, 20)).toEqual({
      entityType: undefined,
      fromDate: undefined,
      toDate: undefined,
      page: 2,
      pageSize: 20,
    });
    expect(auditQuery({ entityType: 'AppUser', from: '', to: '2026-05-02T00:00' }, 1, 50)).toMatchObject({
      entityType: 'AppUser',
      toDate: new Date(2026, 4, 2).toISOString(),
    });
  });

  it('knows when a filter is set and when the range is reversed', () => {
    expect(hasAuditFilters({ entityType: '', from: '', to: '' })).toBe(false);
    expect(hasAuditFilters({ entityType: 'Asset', from: '', to: '' })).toBe(true);
    expect(isInvalidRange({ entityType: '', from: '2026-05-02T00:00', to: '2026-05-01T00:00' })).toBe(true);
    expect(isInvalidRange({ entityType: '', from: '2026-05-01T00:00', to: '2026-05-01T00:00' })).toBe(false);
    expect(isInvalidRange({ entityType: '', from: '2026-05-02T00:00', to: '' })).toBe(false);
  });
});
