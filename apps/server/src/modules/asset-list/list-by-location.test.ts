import type { TAssetListItem, TLocation } from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOrganization } from '#server/db/scope.ts';
import { createLocationViaApi, insertTask } from '#server/test/location-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { resolveListView } from './list-view.ts';
import { findAssetViewBatch } from './service.ts';

// The list of a location's subtree read location by location (ADR 122): each location's first assets
// on its own index, merged. Its pages must be the list's order exactly: newest first then by id (many
// assets share a creation time here), in service only, however deep, forwards and backwards.
const t = tenantWorld();
let hall: TLocation;
let rooms: TLocation[];
let yard: TLocation;
const org = () => t.orgA.organization.id;

beforeAll(async () => {
  const site = await createLocationViaApi(t.app, t.headers.adminA, { name: 'Site' });
  hall = await createLocationViaApi(t.app, t.headers.adminA, { name: 'Hall', parentId: site.id });
  rooms = [];
  for (const name of ['Room 1', 'Room 2', 'Room 3']) {
    rooms.push(await createLocationViaApi(t.app, t.headers.adminA, { name, parentId: hall.id }));
  }
  yard = await createLocationViaApi(t.app, t.headers.adminA, { name: 'Yard' });
  const hallTree = [hall, ...rooms].map((location) => location.id);
  // 60 assets in the hall and its rooms, 13 creation times between them, every seventh retired (52 in
  // service);
  // 300 in the yard and 10 without a location, so that the hall is a small share of the organization.
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, location_id, created_at, retired_at)
    select gen_random_uuid(), ${org()}::uuid, 'Pump ' || g, 'pump-' || g,
      (${`{${hallTree.join(',')}}`}::uuid[])[1 + g % 4], now() - (g % 13) * interval '1 minute',
      case when g % 7 = 0 then now() end
    from generate_series(1, 60) g`);
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, location_id, created_at)
    select gen_random_uuid(), ${org()}::uuid, 'Valve ' || g, 'valve-' || g,
      case when g <= 300 then ${yard.id}::uuid end, now() - (g % 17) * interval '1 minute'
    from generate_series(1, 310) g`);
  await t.db.execute(sql`analyze assets`);
});

/** The hall's assets in service, in the list's order (`desc`: newest first, then by id). */
async function truth(order: 'asc' | 'desc', extra = sql`true`): Promise<string[]> {
  const result = (await asOrganization(org(), () =>
    t.db.execute(sql`
      select a.id from assets a join locations l on l.id = a.location_id
      where a.organization_id = ${org()} and a.retired_at is null and ${extra}
        and l.path like (select h.path from locations h where h.id = ${hall.id}) || '%'
      order by a.created_at ${sql.raw(order)}, a.id ${sql.raw(order)}`),
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

async function pagesOf(query: string, pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await t.app.inject({
      url: `/api/assets?location=${hall.id}&pageSize=${pageSize}&page=${page}${query}`,
      headers: t.headers.memberA,
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<TAssetListItem[]>();
    ids.push(...items.map((item) => item.id));
    if (items.length < pageSize) return ids;
  }
}

describe('the list of a location read location by location', () => {
  it('is chosen for a small share of the organization’s assets, not for a large one', async () => {
    const viewOf = (organizationId: string, location: string) =>
      asOrganization(organizationId, () =>
        resolveListView(t.db, organizationId, { status: 'active', location }, '2026-01-01'),
      );
    // 5 locations holding 52 of 362 assets: 260 is less than ten times 362.
    expect((await viewOf(org(), hall.id)).location).toMatchObject({ assets: 52, byLocation: true });
    // B's depot and its 11 rooms hold all 3 of its assets: 36 is more than ten times 3.
    const orgB = t.orgB.organization.id;
    const depot = await createLocationViaApi(t.app, t.headers.adminB, { name: 'Depot' });
    for (let room = 1; room <= 11; room++) {
      await createLocationViaApi(t.app, t.headers.adminB, { name: `Bay ${room}`, parentId: depot.id });
    }
    await asOrganization(orgB, () =>
      t.db.execute(sql`insert into assets (id, organization_id, name, slug, location_id)
        select gen_random_uuid(), ${orgB}::uuid, 'Crate ' || g, 'crate-' || g, ${depot.id}::uuid
        from generate_series(1, 3) g`),
    );
    expect((await viewOf(orgB, depot.id)).location).toMatchObject({ assets: 3, byLocation: false });
  });

  it('pages in the list’s order, newest and oldest first, by page and after an asset', async () => {
    const newest = await truth('desc');
    expect(newest).toHaveLength(52);
    expect(await pagesOf('', 7)).toEqual(newest);
    expect(await pagesOf('&order=asc', 8)).toEqual(await truth('asc'));
    const view = await asOrganization(org(), () =>
      resolveListView(t.db, org(), { status: 'active', location: rooms[1]!.id }, '2026-01-01'),
    );
    const batches: string[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await asOrganization(org(), () => findAssetViewBatch(t.db, view, after, 4));
      batches.push(...batch.map((row) => row.id));
      if (batch.length < 4) break;
      after = batch.at(-1)!.id;
    }
    expect(batches).toEqual(await truth('desc', sql`a.location_id = ${rooms[1]!.id}`));
  });

  it('keeps the other filters, and counts from the location’s tally', async () => {
    const [first, second] = await truth('desc');
    await asOrganization(org(), async () => {
      await insertTask(t.db, { organizationId: org(), assetId: first! });
      await insertTask(t.db, { organizationId: org(), assetId: second!, status: 'Completed' });
    });
    expect(await pagesOf('&openTasks=true', 5)).toEqual([first]);
    const withoutOpen = await pagesOf('&openTasks=false', 5);
    expect(withoutOpen).toEqual((await truth('desc')).filter((id) => id !== first));
    const all = await t.app.inject({ url: `/api/assets?location=${hall.id}`, headers: t.headers.memberA });
    expect(all.headers['x-total-count']).toBe('52');
    // Another organization's view of the hall: not found.
    const theirs = await t.app.inject({ url: `/api/assets?location=${hall.id}`, headers: t.headers.memberB });
    expect(theirs.statusCode).toBe(404);
  });
});
