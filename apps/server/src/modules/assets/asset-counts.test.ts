import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets, organizationAssetCounts } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// The asset list's total comes from a count kept by a trigger (migration 0010): it must follow every
// way assets are written, per organization.
const t = tenantWorld();

async function tally(organizationId: string): Promise<number | undefined> {
  const [row] = await t.db
    .select({ assets: organizationAssetCounts.assets })
    .from(organizationAssetCounts)
    .where(eq(organizationAssetCounts.organizationId, organizationId));
  return row?.assets;
}

async function counted(organizationId: string): Promise<number> {
  return t.db.$count(assets, eq(assets.organizationId, organizationId));
}

async function listTotal(headers: { authorization: string }): Promise<string | undefined> {
  const response = await t.app.inject({ url: '/api/assets', headers });
  expect(response.statusCode).toBe(200);
  return response.headers['x-total-count'] as string | undefined;
}

describe('the kept count of assets', () => {
  it('follows creations through the API, bulk inserts and deletes, each organization its own', async () => {
    const orgA = t.orgA.organization.id;
    const orgB = t.orgB.organization.id;
    expect(await tally(orgA)).toBeUndefined();
    expect(await listTotal(t.headers.adminA)).toBe('0');

    await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler' });
    await createAssetViaApi(t.app, t.headers.adminA, { name: 'Chiller' });
    await createAssetViaApi(t.app, t.headers.adminB, { name: 'Pump' });
    await t.db.execute(sql`
      insert into assets (id, organization_id, name, slug)
      select gen_random_uuid(), ${orgA}::uuid, 'Fan ' || i, 'fan-' || i from generate_series(1, 25) as i`);
    expect(await tally(orgA)).toBe(27);
    expect(await tally(orgB)).toBe(1);

    const fans = await t.db
      .select({ id: assets.id })
      .from(assets)
      .where(sql`${assets.organizationId} = ${orgA} and ${assets.slug} like 'fan-%'`)
      .limit(5);
    await t.db.delete(assets).where(
      inArray(
        assets.id,
        fans.map((fan) => fan.id),
      ),
    );
    expect(await tally(orgA)).toBe(await counted(orgA));
    expect(await tally(orgA)).toBe(22);
    expect(await listTotal(t.headers.adminA)).toBe('22');
    expect(await listTotal(t.headers.adminB)).toBe('1');
  });

  it('leaves the count as it was when the insert is rolled back', async () => {
    const orgB = t.orgB.organization.id;
    const before = await tally(orgB);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(assets).values({ organizationId: orgB, name: 'Temporary', slug: 'temporary' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await tally(orgB)).toBe(before);
    expect(await listTotal(t.headers.adminB)).toBe(String(before));
  });
});
