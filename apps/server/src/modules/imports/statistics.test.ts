import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A finished import of at least importAnalyzeMinRows rows analyzes the tables it wrote (ADR 145): the
// pages after it are planned for its rows. Three rows stand for the 1,000 of the default here.
const t = tenantWorld({}, { importAnalyzeMinRows: 3 });
const { uploaded, checked, committed } = importClient(() => t.app);

/** How many times `table` has been analyzed (ANALYZE reports its count at once, unlike row counters). */
async function analyzeCount(table: string): Promise<number> {
  const result = (await t.db.execute(
    sql`select coalesce(analyze_count, 0)::int as n from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** The count once it has passed `before`, or what it is after 10 s (the analysis follows the import's end). */
async function analyzedSince(table: string, before: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const now = await analyzeCount(table);
    if (now > before) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return analyzeCount(table);
}

describe('statistics after an import', () => {
  it('analyzes the tables of a large import once it is done, and not after a small one', async () => {
    const admin = t.headers.adminA;
    const small = await uploaded(admin, 'Name\r\nPump 1\r\nPump 2\r\n');
    await checked(admin, small.id);
    const beforeSmall = await analyzeCount('assets');
    expect(await committed(admin, small.id)).toMatchObject({ status: 'Done', createdCount: 2 });

    const large = await uploaded(admin, 'Name\r\nFan 1\r\nFan 2\r\nFan 3\r\n');
    await checked(admin, large.id);
    // The small import's end has passed the point where the job would have analyzed (it is done).
    expect(await analyzeCount('assets')).toBe(beforeSmall);
    expect(await committed(admin, large.id)).toMatchObject({ status: 'Done', createdCount: 3 });
    expect(await analyzedSince('assets', beforeSmall)).toBeGreaterThan(beforeSmall);
  });
});
