import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { leanExecutor } from '#server/db/prepared-executor.ts';
import { assets, organizations } from '#server/db/schema.ts';
import { asSystem } from '#server/db/scope.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

/** A query's answer through leanExecutor and through drizzle's own execute, each with a statement of its own. */
async function bothWays(
  build: () => { prepare(name: string): unknown },
  name: string,
  values: { id: string },
) {
  return asSystem(async () => {
    const prepared = (suffix: string) => build().prepare(`${name}_${suffix}`) as never;
    const lean = await leanExecutor(prepared('lean'))(values);
    const drizzle = await (prepared('drizzle') as { execute(v: unknown): Promise<unknown> }).execute(values);
    return { lean, drizzle };
  });
}

describe('leanExecutor', () => {
  it('answers a flat select as drizzle does: columns, timestamps, nulls and SQL fields decoded', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Lean pump' });
    const build = () =>
      t.db
        .select({
          id: assets.id,
          name: assets.name,
          createdAt: assets.createdAt,
          retiredAt: assets.retiredAt,
          nameLength: sql<number>`length(${assets.name})`.mapWith(Number),
          shouted: sql<string>`upper(${assets.name})`.as('shouted'),
        })
        .from(assets)
        .where(eq(assets.id, sql.placeholder('id')));
    const { lean, drizzle } = await bothWays(build, 'flat', { id: asset.id });
    expect(lean).toEqual(drizzle);
    expect(lean).toEqual([
      {
        id: asset.id,
        name: 'Lean pump',
        createdAt: new Date(asset.createdAt),
        retiredAt: null,
        nameLength: 9,
        shouted: 'LEAN PUMP',
      },
    ]);
  });

  it('leaves a select with nested fields to drizzle, with the same answer', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Nested valve' });
    const build = () =>
      t.db
        .select({ asset: { id: assets.id, name: assets.name }, organization: { name: organizations.name } })
        .from(assets)
        .leftJoin(organizations, eq(organizations.id, assets.organizationId))
        .where(eq(assets.id, sql.placeholder('id')));
    const { lean, drizzle } = await bothWays(build, 'nested', { id: asset.id });
    expect(lean).toEqual(drizzle);
    expect(lean).toEqual([
      { asset: { id: asset.id, name: 'Nested valve' }, organization: { name: expect.any(String) } },
    ]);
  });

  it('reports a failed statement as drizzle does, with the database error as its cause', async () => {
    const query = t.db
      .select({ id: assets.id })
      .from(assets)
      .where(eq(assets.id, sql.placeholder('id')))
      .prepare('lean_failing');
    const failure = await asSystem(() => leanExecutor(query as never)({ id: 'not a uuid' })).catch((e) => e);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).cause).toMatchObject({ code: '22P02' });
  });
});
