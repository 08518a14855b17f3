import { describe, expect, it } from 'vitest';
import { ZAssetListQuery } from './assets.ts';
import { ZAuditLogQuery } from './audit-logs.ts';
import { MAX_PAGE } from './limits.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ZPageQuery } from './paging.ts';

describe('paged list queries', () => {
  const queries = { ZPageQuery, ZAssetListQuery, ZAuditLogQuery };
  for (const [name, schema] of Object.entries(queries)) {
    it(`${name} pages alike: page 1 of ${DEFAULT_PAGE_SIZE} by default, at most ${MAX_PAGE_SIZE} a page`, () => {
      expect(schema.parse({})).toMatchObject({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
      expect(schema.parse({ page: String(MAX_PAGE), pageSize: String(MAX_PAGE_SIZE) })).toMatchObject({
        page: MAX_PAGE,
        pageSize: MAX_PAGE_SIZE,
      });
      for (const bad of [{ pageSize: '0' }, { pageSize: String(MAX_PAGE_SIZE + 1) }, { page: '0' }]) {
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    });
  }
});
