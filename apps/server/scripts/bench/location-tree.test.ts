import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { expectRollupsCounted } from '#server/test/location-fixtures.ts';
import { createTestDatabase } from '#server/test/test-database.ts';
import { prepareDataset, type Tenant } from './dataset.ts';
import { locationsFor, treeShape } from './location-tree.ts';

describe("the bench tree's shape", () => {
  it("is ADR 122's: 10,000 locations on six levels at 1,000,000 assets, five sites", () => {
    expect(locationsFor(1_000_000)).toBe(10_000);
    expect(treeShape(10_000)).toEqual({ levels: [5, 30, 180, 1080, 6480, 2225], fanout: 6 });
  });

  it('scales with the assets and keeps six levels, 60 locations at least', () => {
    expect(locationsFor(100_000)).toBe(1000);
    expect(treeShape(1000)).toEqual({ levels: [5, 15, 45, 135, 405, 395], fanout: 3 });
    expect(locationsFor(200)).toBe(60);
    expect(treeShape(60)).toEqual({ levels: [5, 5, 5, 5, 5, 35], fanout: 1 });
  });

  it('refuses a total that leaves no sixth level', () => {
    expect(() => treeShape(25)).toThrow(/more than 25/);
  });
});

type Rows<T> = { rows: T[] };

describe('the bench data set on its trees', () => {
  let database: DatabaseHandle;
  let big: Tenant;
  let small: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase();
    const size = {
      bigAssets: 8000,
      bigEvents: 2000,
      smallOrganizations: 1,
      smallAssets: 200,
      longHistory: 5,
    };
    const prepared = await prepareDataset(database.ownerDb, size, () => {});
    big = prepared.big!;
    small = prepared.small;
  }, 120_000);
  afterAll(() => database.close());

  it('places the big tenant: its first site holds 30 %, its first building 5 %, every asset somewhere', async () => {
    expect(big.locations.site.assets).toBe(2400);
    expect(big.locations.building.assets).toBe(400);
    const placed = (await database.ownerDb.execute(sql`
      select count(*) filter (where location_id is null)::int as nowhere,
        count(*) filter (where parent_asset_id is not null)::int as components,
        count(distinct location_id)::int as places
      from assets where organization_id = ${big.organizationId} and name <> 'Long history boiler'`)) as unknown as Rows<{
      nowhere: number;
      components: number;
      places: number;
    }>;
    // Every location of the 80 holds assets; a fifth of them are components.
    expect(placed.rows[0]).toEqual({ nowhere: 0, components: 1600, places: 80 });
  });

  it('keeps six levels in each tenant, and the type-ahead terms find what they say', async () => {
    for (const tenant of [big, small]) {
      const found = (await database.ownerDb.execute(sql`
        select max(depth)::int as depth, count(*)::int as n,
          count(*) filter (where full_path ilike ${`%${tenant.locations.terms.rare.split(' ')[1]}%`}
            and full_path ilike '%cabinet%')::int as rare
        from locations where organization_id = ${tenant.organizationId}`)) as unknown as Rows<{
        depth: number;
        n: number;
        rare: number;
      }>;
      expect(found.rows[0]).toEqual({ depth: 6, n: tenant === big ? 80 : 60, rare: 1 });
    }
  });

  it("counts each location's roll-ups as a recount does (assets and their open tasks)", async () => {
    await expectRollupsCounted(database.ownerDb, big.organizationId);
    await expectRollupsCounted(database.ownerDb, small.organizationId);
    const [open] = (
      (await database.ownerDb.execute(
        sql`select open_tasks from location_rollups where location_id = ${big.locations.site.id}`,
      )) as unknown as Rows<{ open_tasks: number }>
    ).rows;
    expect(open!.open_tasks).toBeGreaterThan(0);
  });
});
