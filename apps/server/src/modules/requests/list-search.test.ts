import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { asOrganization } from '#server/db/scope.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { listRequests } from './queries.ts';

/** The staff list's search `q` on the trigram index (migration 0043, ADR 133). */
describe('the requests list searched', () => {
  const t = tenantWorld();
  let org: string;
  let boiler: { id: string };
  let crane: { id: string };

  /** `count` copies of the boiler, named `prefix` and their number (slugs to match). */
  const copiesOfBoiler = (count: number, prefix: string) =>
    t.db.execute(sql`
      insert into assets
      select (jsonb_populate_record(a, jsonb_build_object('id', gen_random_uuid(), 'slug', a.slug || '-' || lower(replace(trim(${prefix}), ' ', '-')) || '-' || g,
        'name', ${prefix} || g, 'external_id', null))).*
      from assets a, generate_series(1, ${count}) g where a.id = ${boiler.id}`);

  beforeAll(async () => {
    org = t.orgA.organization.id;
    boiler = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler' });
    crane = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Overhead crane zebrafish' });
    // 20,000 ordinary reports on 300 assets, two with a rare word, and one on the asset whose name has it.
    await copiesOfBoiler(299, 'Valve ');
    await t.db.execute(sql`
      insert into requests (id, organization_id, asset_id, urgency, priority, description, reporter_language,
        token_hash, sender_hash, created_at)
      select gen_random_uuid(), ${org}, a.id, 'works', 0,
        case when g in (17, 15000) then 'The gauge shows quokka readings' else 'Water drips from valve ' || g end,
        'en', md5(g::text) || md5('t' || g), md5('s' || g), now() - make_interval(mins => g)
      from generate_series(1, 20000) g
      join lateral (select id from assets where organization_id = ${org} and name <> 'Overhead crane zebrafish'
        order by id offset g % 300 limit 1) a on true`);
    await t.db.execute(sql`
      insert into requests (id, organization_id, asset_id, urgency, priority, description, reporter_language,
        token_hash, sender_hash)
      values (gen_random_uuid(), ${org}, ${crane.id}, 'unsafe', 1, 'Hook is bent', 'en', md5('crane'), md5('c'))`);
    // As autovacuum leaves it: the index's pending entries merged, the statistics taken.
    await t.db.execute(sql`vacuum analyze requests`);
    await t.db.execute(sql`analyze assets`);
  });

  const search = (q: string) => asOrganization(org, () => listRequests(t.db, org, { q }, undefined, 50));

  it('finds a rare word of the description, or of the asset name, on the trigram index', async () => {
    expect((await search('QUOKKA')).map((row) => row.description)).toEqual([
      'The gauge shows quokka readings',
      'The gauge shows quokka readings',
    ]);
    expect((await search('zebraf')).map((row) => row.assetId)).toEqual([crane.id]);
    expect(await search('no such words')).toEqual([]);
    // Another organization's list never shows them.
    const orgB = t.orgB.organization.id;
    expect(
      await asOrganization(orgB, () => listRequests(t.db, orgB, { q: 'quokka' }, undefined, 50)),
    ).toEqual([]);
  });

  /** The plan of the list's statement for `q`, captured through an executor that passes it on. */
  const planOf = (q: string) =>
    asOrganization(org, () =>
      t.db.transaction(async (tx) => {
        // A small table is read whole anyway: the plan a big one gets is asked for.
        await tx.execute(sql`set local enable_seqscan = off`);
        let captured: unknown;
        const spy = {
          execute: (query: unknown) => {
            captured = query;
            return tx.execute(query as ReturnType<typeof sql>);
          },
        } as unknown as typeof tx;
        await listRequests(spy, org, { q }, undefined, 50);
        const result = await tx.execute(sql`explain ${captured as ReturnType<typeof sql>}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((row) => Object.values(row)[0])
          .join('\n');
      }),
    );

  it('reads a rare word from the trigram index and the named assets, not by walking the list', async () => {
    const inDescription = await planOf('quokka');
    expect(inDescription).toContain('requests_org_description_trgm_idx');
    expect(inDescription).not.toContain('requests_org_list_idx');
    const inAssetName = await planOf('zebraf');
    expect(inAssetName).toContain('requests_org_description_trgm_idx');
    expect(inAssetName).toContain('requests_asset_created_idx');
    expect(inAssetName).not.toContain('requests_org_list_idx');
  });

  /** A search's rows and how many statements it took, through an executor that counts them. */
  const counted = async (q: string, organizationId = org) => {
    let statements = 0;
    const spy = {
      execute: (query: ReturnType<typeof sql>) => {
        statements += 1;
        return t.db.execute(query);
      },
    } as unknown as typeof t.db;
    const rows = await asOrganization(organizationId, () =>
      listRequests(spy, organizationId, { q }, undefined, 50),
    );
    return { statements, descriptions: rows.map((row) => row.description) };
  };

  it('keeps the verdict that a word is common a minute, never the assets it names (ADR 076)', async () => {
    // 520 assets named "Pump station …" (more than the 500 given as ids), one with a report not saying so.
    await copiesOfBoiler(520, 'Pump station ');
    await t.db.execute(sql`
      insert into requests (id, organization_id, asset_id, urgency, priority, description, reporter_language,
        token_hash, sender_hash)
      select gen_random_uuid(), ${org}, id, 'works', 0, 'Seal is weeping', 'en', md5('pump'), md5('p')
      from assets where organization_id = ${org} and name = 'Pump station 7'`);

    // Found common by the look-up of its assets, then known common: one statement fewer, same rows.
    expect(await counted('pump station')).toEqual({ statements: 2, descriptions: ['Seal is weeping'] });
    expect(await counted('PUMP STATION')).toEqual({ statements: 1, descriptions: ['Seal is weeping'] });
    // The asset renamed within the minute: the verdict stays, the named assets are read afresh.
    await t.db.execute(
      sql`update assets set name = 'Hose reel' where organization_id = ${org} and name = 'Pump station 7'`,
    );
    expect(await counted('pump station')).toEqual({ statements: 1, descriptions: [] });
    // A rare word is looked up every time.
    expect((await counted('zebraf')).statements).toBe(2);
    expect((await counted('zebraf')).statements).toBe(2);
    // Another organization's search of the same words is its own verdict.
    expect(await counted('pump station', t.orgB.organization.id)).toEqual({
      statements: 2,
      descriptions: [],
    });
  });
});
