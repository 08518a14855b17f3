import { MAX_COUNTED_SEARCH_ROWS, type TAssetSummary } from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A search reads its matches first and sorts them when they end within the window's reach, and walks
// the list's order when there are more (ADR 106). Organization A holds MAX_COUNTED_SEARCH_ROWS + 2
// gauges, Gauge i created i minutes ago (newest first is gauge-1, gauge-2, ...), and three meters
// (Meter i created i minutes from now), and FILLERS fillers newer than all of them: gauges and meters
// are rare among the newest assets, fillers common;
// B holds a gauge of its own. The oldest are stored first, as a register grows: matches read in the
// table's order and cut short would be the oldest, not the page's.
const t = tenantWorld();
const GAUGES = MAX_COUNTED_SEARCH_ROWS + 2;
/** Newer than the rest: the first assets of the list, which tell a rare term from a common one (500). */
const FILLERS = 1000;
const gauge = (i: number) => `gauge-${i}`;
const newestFirst = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => gauge(from + index));

beforeAll(async () => {
  const orgA = t.orgA.organization.id;
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at, updated_at)
    select gen_random_uuid(), ${orgA}::uuid, 'Gauge ' || i, 'gauge-' || i,
      now() - i * interval '1 minute', now() - (${GAUGES} - i) * interval '1 minute'
    from generate_series(${GAUGES}, 1, -1) as i`);
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at)
    select gen_random_uuid(), ${orgA}::uuid, 'Meter ' || i, 'meter-' || i, now() + i * interval '1 minute'
    from generate_series(1, 3) as i`);
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at)
    select gen_random_uuid(), ${orgA}::uuid, 'Filler ' || i, 'filler-' || i, now() + interval '1 hour' + i * interval '1 second'
    from generate_series(1, ${FILLERS}) as i`);
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug)
    values (gen_random_uuid(), ${t.orgB.organization.id}::uuid, 'Gauge of B', 'gauge-of-b')`);
});

const get = (url: string) => t.app.inject({ url, headers: t.headers.adminA });
const slugs = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  return response.json<TAssetSummary[]>().map((asset) => asset.slug);
};
const retire = (slugsToRetire: string[]) =>
  t.db.execute(sql`update assets set retired_at = now() where organization_id = ${t.orgA.organization.id}::uuid
    and slug in (${sql.join(
      slugsToRetire.map((slug) => sql`${slug}`),
      sql`, `,
    )})`);

describe('a search, around the count of its matches', () => {
  it('pages a few matches in every order, and more matches in the list’s order', async () => {
    // Three matches: read and sorted, in each order the list offers.
    expect(await slugs('/api/assets?search=meter')).toEqual(['meter-3', 'meter-2', 'meter-1']);
    expect(await slugs('/api/assets?search=meter&sort=created&order=asc')).toEqual([
      'meter-1',
      'meter-2',
      'meter-3',
    ]);
    expect(await slugs('/api/assets?search=meter&sort=name')).toEqual(['meter-1', 'meter-2', 'meter-3']);
    // More matches than the count reaches: the newest first, the count capped.
    const many = await get('/api/assets?search=gauge&pageSize=50');
    expect(many.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(many.headers['x-total-count-capped']).toBe('true');
    expect(many.json<TAssetSummary[]>().map((asset) => asset.slug)).toEqual(newestFirst(1, 50));
    // A common term: the list's newest first.
    const fillers = await get('/api/assets?search=filler&pageSize=3');
    expect(fillers.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(fillers.json<TAssetSummary[]>().map((asset) => asset.slug)).toEqual([
      `filler-${FILLERS}`,
      `filler-${FILLERS - 1}`,
      `filler-${FILLERS - 2}`,
    ]);
    // The oldest first, and by last update (Gauge i updated GAUGES - i minutes ago).
    expect(await slugs('/api/assets?search=gauge&sort=created&order=asc&pageSize=3')).toEqual([
      gauge(GAUGES),
      gauge(GAUGES - 1),
      gauge(GAUGES - 2),
    ]);
    expect(await slugs('/api/assets?search=gauge&sort=updated&pageSize=3')).toEqual([
      gauge(GAUGES),
      gauge(GAUGES - 1),
      gauge(GAUGES - 2),
    ]);
  });

  it('reads on past the count by page and by `after`, each match once', async () => {
    // Page 5 of 50 starts at the 201st match: the last two gauges.
    expect(await slugs('/api/assets?search=gauge&page=5&pageSize=50')).toEqual(newestFirst(201, GAUGES));
    const first = await slugs('/api/assets?search=gauge&pageSize=100');
    const firstIds = (await get('/api/assets?search=gauge&pageSize=100')).json<TAssetSummary[]>();
    expect(first).toEqual(newestFirst(1, 100));
    const next = await slugs(`/api/assets?search=gauge&pageSize=100&after=${firstIds.at(-1)!.id}`);
    expect(next).toEqual(newestFirst(101, 200));
    const secondIds = (await get(`/api/assets?search=gauge&pageSize=100&after=${firstIds.at(-1)!.id}`)).json<
      TAssetSummary[]
    >();
    expect(await slugs(`/api/assets?search=gauge&pageSize=100&after=${secondIds.at(-1)!.id}`)).toEqual(
      newestFirst(201, GAUGES),
    );
  });

  it('counts exactly one past the count, and the count itself, in service, retired or all', async () => {
    // GAUGES - 1 in service: still past the count.
    await retire([gauge(GAUGES)]);
    const past = await get('/api/assets?search=gauge');
    expect(past.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(past.headers['x-total-count-capped']).toBe('true');
    // Exactly the count in service: all of them counted, the oldest last.
    await retire([gauge(GAUGES - 1)]);
    const exact = await get(`/api/assets?search=gauge&page=4&pageSize=50`);
    expect(exact.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(exact.headers['x-total-count-capped']).toBeUndefined();
    expect(exact.json<TAssetSummary[]>().map((asset) => asset.slug)).toEqual(newestFirst(151, 200));
    // The retired ones, and every gauge of A (never B's).
    expect(await slugs('/api/assets?search=gauge&status=retired')).toEqual([
      gauge(GAUGES - 1),
      gauge(GAUGES),
    ]);
    const all = await get('/api/assets?search=gauge&status=all&page=5&pageSize=50');
    expect(all.headers['x-total-count-capped']).toBe('true');
    expect(all.json<TAssetSummary[]>().map((asset) => asset.slug)).toEqual(newestFirst(201, GAUGES));
  });
});
