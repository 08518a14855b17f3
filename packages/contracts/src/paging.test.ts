import { describe, expect, it } from 'vitest';
import { ZAssetListQuery } from './assets.ts';
import { ZAuditLogQuery } from './audit-logs.ts';
import { ZPendingTaskQuery } from './events.ts';
import { MAX_PAGE } from './limits.ts';
import { DEFAULT_PAGE_SIZE, MAX_COUNTED_ROWS, MAX_PAGE_SIZE, PAGING_MESSAGES, ZPageQuery } from './paging.ts';

describe('paged list queries', () => {
  const queries = { ZPageQuery, ZAssetListQuery, ZAuditLogQuery, ZPendingTaskQuery };
  for (const [name, schema] of Object.entries(queries)) {
    it(`${name} pages alike: page 1 of ${DEFAULT_PAGE_SIZE} by default, at most ${MAX_PAGE_SIZE} a page`, () => {
      expect(schema.parse({})).toMatchObject({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
      expect(schema.parse({ page: '3', pageSize: String(MAX_PAGE_SIZE) })).toMatchObject({
        page: 3,
        pageSize: MAX_PAGE_SIZE,
      });
      for (const bad of [{ pageSize: '0' }, { pageSize: String(MAX_PAGE_SIZE + 1) }, { page: '0' }]) {
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    });
  }

  it('the short lists page up to MAX_PAGE', () => {
    expect(ZPageQuery.parse({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
  });

  for (const [name, schema] of Object.entries({ ZAssetListQuery, ZAuditLogQuery, ZPendingTaskQuery })) {
    it(`${name} pages as deep as the counts go (${MAX_COUNTED_ROWS} rows), no further`, () => {
      const lastPage = MAX_COUNTED_ROWS / DEFAULT_PAGE_SIZE + 1;
      expect(schema.safeParse({ page: String(lastPage) }).success).toBe(true);
      const tooDeep = schema.safeParse({ page: String(lastPage + 1) });
      expect(tooDeep.error?.issues.map((issue) => issue.message)).toEqual([PAGING_MESSAGES.tooDeep]);
    });
  }
});
