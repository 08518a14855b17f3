import {
  MAX_COUNTED_ROWS,
  MAX_COUNTED_SEARCH_ROWS,
  PAGING_MESSAGES,
  type TAssetSummary,
  type TAuditLogEntry,
} from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertField } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A list longer than the counts go: organization A has MAX_COUNTED_ROWS + 5 assets (and as many
// audit entries), B has 3.
const t = tenantWorld();
const MANY = MAX_COUNTED_ROWS + 5;

beforeAll(async () => {
  const orgA = t.orgA.organization.id;
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at, updated_at)
    select gen_random_uuid(), ${orgA}::uuid, 'Valve ' || i, 'valve-' || i, now() - i * interval '1 minute', now()
    from generate_series(1, ${MANY}) as i`);
  await t.db.execute(sql`
    insert into audit_log_entries (id, organization_id, user_id, user_name, action, entity_type, entity_name, changes, created_at)
    select gen_random_uuid(), ${orgA}::uuid, ${t.orgA.admin.id}::uuid, 'Admin', 'CREATE', 'Asset', 'Valve ' || i, '{"created":true}', now() - i * interval '1 minute'
    from generate_series(1, ${MANY}) as i`);
  await t.db.execute(sql`
    insert into assets (id, organization_id, name, slug)
    select gen_random_uuid(), ${t.orgB.organization.id}::uuid, 'B ' || i, 'b-' || i from generate_series(1, 3) as i`);
});

const get = (url: string, headers = t.headers.adminA) => t.app.inject({ url, headers });

describe('long lists', () => {
  it('count up to MAX_COUNTED_ROWS and say when there are more', async () => {
    const capped = await get('/api/assets');
    expect(capped.headers['x-total-count']).toBe(String(MAX_COUNTED_ROWS));
    expect(capped.headers['x-total-count-capped']).toBe('true');
    const exact = await get('/api/assets', t.headers.adminB);
    expect(exact.headers['x-total-count']).toBe('3');
    expect(exact.headers['x-total-count-capped']).toBeUndefined();
    // valve-1000 and valve-10000 to valve-10005.
    const searched = await get('/api/assets?search=valve-1000');
    expect(searched.headers['x-total-count']).toBe('7');
    // Slugs are matched whatever the case of the term.
    const upper = await get('/api/assets?search=VALVE-1000');
    expect(upper.headers['x-total-count']).toBe('7');
    const audit = await get('/api/audit-logs');
    expect(audit.headers['x-total-count-capped']).toBe('true');
    // A count past the cap is remembered (ADR 106), each filter's apart: the three oldest entries.
    const toDate = new Date(Date.now() - (MANY - 2.5) * 60_000).toISOString();
    const oldest = await get(`/api/audit-logs?toDate=${toDate}`);
    expect(oldest.headers['x-total-count']).toBe('3');
    expect(oldest.headers['x-total-count-capped']).toBeUndefined();
    expect((await get('/api/audit-logs')).headers['x-total-count-capped']).toBe('true');
  });

  it('count a search up to MAX_COUNTED_SEARCH_ROWS, and page it as deep as any list', async () => {
    const common = await get('/api/assets?search=valve');
    expect(common.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(common.headers['x-total-count-capped']).toBe('true');
    // valve-1 and valve-10 to valve-19, valve-100 to valve-199, valve-1000 to valve-1999, valve-10000 to valve-10005.
    const justBelow = await get('/api/assets?search=valve-1');
    expect(justBelow.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(justBelow.headers['x-total-count-capped']).toBe('true');
    const deep = await get(`/api/assets?search=valve&page=${MAX_COUNTED_ROWS / 50}&pageSize=50`);
    expect(deep.statusCode).toBe(200);
    expect(deep.json()).toHaveLength(50);
    const exact = await get('/api/assets?search=valve-19');
    // valve-19, valve-190 to valve-199, valve-1900 to valve-1999.
    expect(exact.headers['x-total-count']).toBe('111');
    expect(exact.headers['x-total-count-capped']).toBeUndefined();
  });

  it('page as deep as the count goes, then answer 400 with the way on', async () => {
    const last = await get(`/api/assets?page=${MAX_COUNTED_ROWS / 50 + 1}&pageSize=50`);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toHaveLength(MANY - MAX_COUNTED_ROWS);
    for (const url of [
      `/api/assets?page=${MAX_COUNTED_ROWS / 50 + 2}`,
      `/api/audit-logs?page=${MAX_COUNTED_ROWS / 50 + 2}`,
      `/api/tasks/pending?page=${MAX_COUNTED_ROWS / 50 + 2}`,
    ]) {
      const tooDeep = await get(url);
      expect(tooDeep.statusCode, url).toBe(400);
      expect(tooDeep.json().fields).toMatchObject([{ path: 'page', message: PAGING_MESSAGES.tooDeep }]);
    }
  });

  it('read on past any depth with `after`, the list order kept, nothing skipped or repeated', async () => {
    const first = (await get('/api/assets?pageSize=200')).json<TAssetSummary[]>();
    const next = (await get(`/api/assets?pageSize=200&after=${first.at(-1)!.id}`)).json<TAssetSummary[]>();
    expect(next[0]!.name).toBe('Valve 201');
    expect(next.at(-1)!.name).toBe('Valve 400');
    // Deep in the list, where no page number reaches.
    let after = '';
    const deep = await get(`/api/assets?search=valve-10004`);
    after = deep.json<TAssetSummary[]>()[0]!.id;
    const tail = (await get(`/api/assets?after=${after}`)).json<TAssetSummary[]>();
    expect(tail.map((asset) => asset.name)).toEqual(['Valve 10005']);

    const entries = (await get('/api/audit-logs?pageSize=3')).json<TAuditLogEntry[]>();
    const more = (await get(`/api/audit-logs?pageSize=3&after=${entries.at(-1)!.id}`)).json<
      TAuditLogEntry[]
    >();
    expect(more.map((entry) => entry.entityName)).toEqual(['Valve 4', 'Valve 5', 'Valve 6']);
  });

  it('refuse `after` with a page number, and answer nothing after another organization’s row', async () => {
    const first = (await get('/api/assets')).json<TAssetSummary[]>();
    const both = await get(`/api/assets?page=2&after=${first[0]!.id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toMatchObject([{ path: 'after', message: PAGING_MESSAGES.afterWithPage }]);
    const foreign = await get(`/api/assets?after=${first[0]!.id}`, t.headers.adminB);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual([]);
  });
});

describe('a search within its counted matches', () => {
  it('pages through them newest first, each match once, up to the count and past it', async () => {
    const seen: string[] = [];
    const pages = MAX_COUNTED_SEARCH_ROWS / 50 + 2;
    for (let page = 1; page <= pages; page++) {
      const response = await get(`/api/assets?search=valve&page=${page}&pageSize=50`);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json<TAssetSummary[]>().map((asset) => asset.slug));
    }
    // Valve i was created i minutes ago: newest first is valve-1, valve-2, ...
    expect(seen).toEqual(Array.from({ length: pages * 50 }, (_, index) => `valve-${index + 1}`));
  });
});

describe('a filtered or sorted long list', () => {
  it('counts a filter as a search, up to MAX_COUNTED_SEARCH_ROWS, and sorts every asset by a value', async () => {
    const orgA = t.orgA.organization.id;
    const field = await insertField(t.db, orgA, { dataType: 'Number', label: 'Size' });
    // Valve i has the size i (none for multiples of 1,000): a sort by size reads numbers, then empties.
    await t.db.execute(sql`
      insert into asset_field_values (organization_id, asset_id, field_id, value)
      select ${orgA}::uuid, id, ${field.id}::uuid, substr(name, 7)
      from assets where organization_id = ${orgA}::uuid and substr(name, 7)::int % 1000 <> 0`);
    // Statistics as a live database keeps them after a bulk load (autovacuum; on the embedded
    // database, its maintenance job): without them the planner takes the values for a handful.
    await t.db.execute(sql`analyze asset_field_values`);
    const filtered = await get(`/api/assets?filter=${field.id}:min:1`);
    expect(filtered.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    expect(filtered.headers['x-total-count-capped']).toBe('true');
    // A filter that keeps most of the list is a probe of each asset the walk reads (ADR 071): the
    // same assets, in order, as the join that a narrow one gets.
    const namesOf = (response: { json: <T>() => T }) =>
      response.json<TAssetSummary[]>().map((asset) => asset.name);
    expect(namesOf(filtered).slice(0, 3)).toEqual(['Valve 1', 'Valve 2', 'Valve 3']);
    const byName = await get(`/api/assets?filter=${field.id}:min:1&sort=name&pageSize=4`);
    // Valve 1000 and Valve 10000 have no size.
    expect(namesOf(byName)).toEqual(['Valve 1', 'Valve 10', 'Valve 100', 'Valve 10001']);
    const few = await get(`/api/assets?filter=${field.id}:min:9990`);
    // 9990 to 10005, less 10000.
    expect(few.headers['x-total-count']).toBe('15');
    const fewByName = await get(`/api/assets?filter=${field.id}:min:9990&sort=name&pageSize=3`);
    expect(namesOf(fewByName)).toEqual(['Valve 10001', 'Valve 10002', 'Valve 10003']);

    const bySize = (query: string) => get(`/api/assets?sort=field:${field.id}&${query}`);
    const last = (await bySize(`order=desc&pageSize=3`)).json<TAssetSummary[]>();
    expect(last.map((asset) => asset.name)).toEqual(['Valve 10005', 'Valve 10004', 'Valve 10003']);
    // A field sort probes a broad filter on another field along the sorted values too (ADR 071).
    const even = await insertField(t.db, orgA, { dataType: 'Boolean', label: 'Even' });
    await t.db.execute(sql`
      insert into asset_field_values (organization_id, asset_id, field_id, value)
      select ${orgA}::uuid, id, ${even.id}::uuid, (substr(name, 7)::int % 2 = 0)::text
      from assets where organization_id = ${orgA}::uuid`);
    await t.db.execute(sql`analyze asset_field_values`);
    const evenBySize = await bySize(`filter=${even.id}:is:true&order=desc&pageSize=3`);
    // Valve 10000 has no size.
    expect(namesOf(evenBySize)).toEqual(['Valve 10004', 'Valve 10002', 'Valve 9998']);
    expect(evenBySize.headers['x-total-count']).toBe(String(MAX_COUNTED_SEARCH_ROWS));
    // 9,995 sizes, then the 10 empties, newest first: page 200 crosses from one to the other, page 201
    // starts 5 rows into the empties.
    const names = async (page: number) =>
      (await bySize(`pageSize=50&page=${page}`)).json<TAssetSummary[]>().map((asset) => asset.name);
    const crossing = await names(MAX_COUNTED_ROWS / 50);
    expect(crossing.slice(-6)).toEqual([
      'Valve 10005',
      'Valve 1000',
      'Valve 2000',
      'Valve 3000',
      'Valve 4000',
      'Valve 5000',
    ]);
    expect(await names(MAX_COUNTED_ROWS / 50 + 1)).toEqual([
      'Valve 6000',
      'Valve 7000',
      'Valve 8000',
      'Valve 9000',
      'Valve 10000',
    ]);

    // A probed filter is counted on its own index, each match checked for being in service: with every
    // even valve but three retired, it still keeps a large share of the values, and three assets.
    await t.db.execute(sql`update assets set retired_at = now() where organization_id = ${orgA}::uuid
      and substr(name, 7)::int % 2 = 0 and substr(name, 7)::int > 6`);
    const fewEven = await bySize(`filter=${even.id}:is:true&order=desc`);
    expect(fewEven.headers['x-total-count']).toBe('3');
    expect(namesOf(fewEven)).toEqual(['Valve 6', 'Valve 4', 'Valve 2']);
    // One narrow filter alone is counted on its index too (a big tenant's filters are never probed),
    // the retired left out: 9991 to 10005, the odd ones.
    const fewInService = await get(`/api/assets?filter=${field.id}:min:9990&pageSize=3`);
    expect(fewInService.headers['x-total-count']).toBe('8');
    expect(namesOf(fewInService)).toEqual(['Valve 9991', 'Valve 9993', 'Valve 9995']);
  });
});
