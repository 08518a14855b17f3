import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { type PlaceholderValues, preparedQuery } from '#server/db/prepared.ts';
import { maintenanceEvents } from '#server/db/schema.ts';
import { getAsset } from '#server/modules/assets/service.ts';
import {
  createTaskWithChecklist,
  createTemplate,
  SIX_STEPS,
} from '#server/modules/checklists/checklist-fixtures.ts';
import { loadTaskChecklist } from '#server/modules/checklists/service.ts';
import { getPublicAsset } from '#server/modules/public/service.ts';
import { getUserByIdForAuth } from '#server/modules/users/service.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

async function assetWithEvents(name: string, events: number) {
  const asset = await createAssetViaApi(t.app, t.headers.adminA, { name });
  const rows = Array.from({ length: events }, (_, index) => ({
    organizationId: asset.organizationId,
    assetId: asset.id,
    title: `${name} event ${index + 1}`,
    performedAt: new Date(Date.UTC(2026, 0, index + 1)),
  }));
  if (rows.length > 0) await t.db.insert(maintenanceEvents).values(rows);
  return asset;
}

// The embedded database runs every query unnamed (its connections share one session, ADR 104).
describe.runIf(process.env.TEST_DATABASE_URL)('the asset page statements on PostgreSQL', () => {
  it('run as named prepared statements, one text whatever the number of events on the page', async () => {
    const one = await assetWithEvents('One event', 1);
    const three = await assetWithEvents('Three events', 3);
    // A transaction keeps one connection, whose prepared statements pg_prepared_statements lists.
    const names = await t.db.transaction(async (tx) => {
      await getUserByIdForAuth(tx, t.orgA.member.id);
      const first = await getAsset(tx, one.organizationId, one.id, 'http://localhost', new Date());
      // Three event ids after one: the same statement texts, where an `in` list would be a new one.
      const second = await getAsset(tx, three.organizationId, three.id, 'http://localhost', new Date());
      const publicView = await getPublicAsset(tx, three.organizationId, three.slug, new Date());
      expect(first.events.map((event) => event.title)).toEqual(['One event event 1']);
      expect(second.events).toHaveLength(3);
      expect(publicView.events).toHaveLength(3);
      const listed = sql`select name from pg_prepared_statements order by name`;
      const result = (await tx.execute(listed)) as { rows: { name: string }[] };
      return result.rows.map((row) => row.name);
    });
    expect(names).toEqual(
      expect.arrayContaining(['asset_event_page', 'asset_view_by_id', 'asset_view_by_slug', 'user_for_auth']),
    );
  });

  it('read a task’s checklist and its answers as named prepared statements, locked or not', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Checklist statements' });
    const template = await createTemplate(t.app, t.headers.adminA, {
      name: 'Named checks',
      steps: SIX_STEPS,
    });
    const task = await createTaskWithChecklist(t.app, t.headers.adminA, asset.id, template.id);
    const names = await t.db.transaction(async (tx) => {
      const read = await loadTaskChecklist(tx, asset.organizationId, task.id);
      expect(read.task.steps).toHaveLength(SIX_STEPS.length);
      const listed = sql`select name from pg_prepared_statements order by name`;
      const result = (await tx.execute(listed)) as { rows: { name: string }[] };
      return result.rows.map((row) => row.name);
    });
    expect(names).toEqual(expect.arrayContaining(['checklist_responses', 'task_checklist']));
  });
});

describe('preparedQuery', () => {
  it('builds its query once per database handle and runs it with each call’s values', async () => {
    let builds = 0;
    const seen: unknown[] = [];
    const query = preparedQuery('test_query', () => {
      builds += 1;
      return {
        prepare: (name: string) => ({
          execute: async (values?: PlaceholderValues) => {
            seen.push({ name, values });
            return values?.id;
          },
        }),
      };
    });
    const handle = {} as DbOrTx;
    const other = {} as DbOrTx;
    expect(await query(handle, { id: 'a' })).toBe('a');
    expect(await query(handle, { id: 'b' })).toBe('b');
    expect(builds).toBe(1);
    expect(await query(other, { id: 'c' })).toBe('c');
    expect(builds).toBe(2);
    expect(seen).toEqual([
      { name: 'test_query', values: { id: 'a' } },
      { name: 'test_query', values: { id: 'b' } },
      { name: 'test_query', values: { id: 'c' } },
    ]);
  });
});
