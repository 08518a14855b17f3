import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

describe('the trigram indexes', () => {
  it('keep at most 256 kB of new entries unmerged, which every search scans (ADR 074)', async () => {
    const result = (await t.db.execute(sql`
      select c.relname as name, c.reloptions as options from pg_class c join pg_am am on am.oid = c.relam
      where am.amname = 'gin' and c.relnamespace = 'public'::regnamespace order by c.relname`)) as unknown as {
      rows: { name: string; options: string[] | null }[];
    };
    expect(result.rows).toEqual([
      { name: 'asset_field_values_org_field_trgm_idx', options: ['gin_pending_list_limit=256'] },
      { name: 'assets_org_name_trgm_idx', options: ['gin_pending_list_limit=256'] },
      { name: 'assets_org_slug_trgm_idx', options: ['gin_pending_list_limit=256'] },
      // Locations change rarely and a move rewrites many full paths: no pending list at all (ADR 122).
      { name: 'locations_org_full_path_trgm_idx', options: ['fastupdate=false'] },
      { name: 'requests_org_description_trgm_idx', options: ['gin_pending_list_limit=256'] },
    ]);
  });
});
