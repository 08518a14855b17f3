import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createOrganization } from '#server/test/fixtures.ts';
import { keepUpEmbeddedDatabase, upkeepOf } from './embedded-upkeep.ts';

describe('the thresholds (autovacuum defaults)', () => {
  const table = (activity: Partial<Parameters<typeof upkeepOf>[0][number]>) => ({
    table: 't',
    live: 1000,
    dead: 0,
    insertedSinceVacuum: 0,
    modifiedSinceAnalyze: 0,
    ...activity,
  });

  it('vacuums past 50 + 20% dead rows or 1,000 + 20% inserted ones, analyzes past 50 + 10% changes', () => {
    expect(upkeepOf([table({ dead: 250 })])).toEqual([]);
    expect(upkeepOf([table({ dead: 251 })])).toEqual([{ table: 't', work: 'vacuum' }]);
    expect(upkeepOf([table({ insertedSinceVacuum: 1201 })])).toEqual([{ table: 't', work: 'vacuum' }]);
    expect(upkeepOf([table({ modifiedSinceAnalyze: 150 })])).toEqual([]);
    expect(upkeepOf([table({ modifiedSinceAnalyze: 151 })])).toEqual([{ table: 't', work: 'analyze' }]);
    // A table loaded from empty: its live count is its size.
    expect(
      upkeepOf([table({ live: 10_000, insertedSinceVacuum: 10_000, modifiedSinceAnalyze: 10_000 })]),
    ).toEqual([{ table: 't', work: 'vacuum' }]);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives a bulk-loaded table statistics and a visibility map, then leaves it alone', async () => {
    const { id } = await createOrganization(t.db, 'Upkeep');
    await t.db.execute(sql`
      insert into assets (id, organization_id, name, slug)
      select gen_random_uuid(), ${id}::uuid, 'Pump ' || g, 'pump-' || g from generate_series(1, 5000) g`);
    const done = await keepUpEmbeddedDatabase(t.db);
    expect(done).toContainEqual({ table: 'assets', work: 'vacuum' });
    const { rows } = (await t.db.execute(sql`
      select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed,
        (select reltuples from pg_class where relname = 'assets') as estimated
      from pg_stat_user_tables where relname = 'assets'`)) as unknown as {
      rows: { vacuumed: boolean; analyzed: boolean; estimated: number }[];
    };
    expect(rows[0]).toMatchObject({ vacuumed: true, analyzed: true });
    expect(Number(rows[0]!.estimated)).toBeGreaterThanOrEqual(5000);
    expect(await keepUpEmbeddedDatabase(t.db)).not.toContainEqual(
      expect.objectContaining({ table: 'assets' }),
    );
  });
});
