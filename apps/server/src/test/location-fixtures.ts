import type { TLocation } from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DbOrTx } from '../db/client.ts';
import { maintenanceEvents } from '../db/schema.ts';

/** Creates a location through the API (an administrator's headers); throws with the body when refused. */
export async function createLocationViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: { name: string; parentId?: string | null; code?: string; address?: string; notes?: string },
): Promise<TLocation> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/locations', headers, payload });
  if (response.statusCode !== 201) {
    throw new Error(`create location failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<TLocation>();
}

/** Inserts a task of an asset (open unless completed), due on `dueOn` when given. */
export async function insertTask(
  db: DbOrTx,
  task: {
    organizationId: string;
    assetId: string;
    dueOn?: string | null;
    status?: 'Pending' | 'InProgress' | 'Completed';
  },
): Promise<string> {
  const status = task.status ?? 'Pending';
  const [row] = await db
    .insert(maintenanceEvents)
    .values({
      organizationId: task.organizationId,
      assetId: task.assetId,
      title: 'Inspection',
      taskStatus: status,
      dueOn: task.dueOn ?? null,
      taskCompletedAt: status === 'Completed' ? new Date() : null,
    })
    .returning({ id: maintenanceEvents.id });
  return row!.id;
}

type Rows<T> = { rows: T[] };

/**
 * Checks the kept roll-ups of an organization's locations (ADR 122) against a count from scratch:
 * every location's assets in service, own assets and open tasks at it and below it, and its open
 * planned tasks per due date. What the triggers and the moves keep must be what a count would say.
 */
export async function expectRollupsCounted(db: DbOrTx, organizationId: string): Promise<void> {
  const counted = (await db.execute(sql`
    select l.id,
      (select count(*) from assets a join locations s on s.id = a.location_id
        where a.organization_id = l.organization_id and s.path like l.path || '%' and a.retired_at is null)::int as assets,
      (select count(*) from assets a where a.location_id = l.id and a.retired_at is null)::int as own,
      (select count(*) from maintenance_events e join assets a on a.id = e.asset_id join locations s on s.id = a.location_id
        where a.organization_id = l.organization_id and s.path like l.path || '%' and e.task_status <> 'Completed')::int as open
    from locations l where l.organization_id = ${organizationId} order by l.id`)) as unknown as Rows<{
    id: string;
    assets: number;
    own: number;
    open: number;
  }>;
  const kept = (await db.execute(sql`
    select l.id, coalesce(r.assets, 0)::int as assets, coalesce(r.own_assets, 0)::int as own,
      coalesce(r.open_tasks, 0)::int as open
    from locations l left join location_rollups r on r.location_id = l.id
    where l.organization_id = ${organizationId} order by l.id`)) as unknown as Rows<
    (typeof counted.rows)[number]
  >;
  expect(kept.rows).toEqual(counted.rows);
  const dueCounted = (await db.execute(sql`
    select l.id, e.due_on::text as due, count(*)::int as open
    from locations l join locations s on s.organization_id = l.organization_id and s.path like l.path || '%'
    join assets a on a.location_id = s.id join maintenance_events e on e.asset_id = a.id
    where l.organization_id = ${organizationId} and e.task_status <> 'Completed' and e.due_on is not null
    group by 1, 2 order by 1, 2`)) as unknown as Rows<{ id: string; due: string; open: number }>;
  const dueKept = (await db.execute(sql`
    select d.location_id as id, d.due_on::text as due, d.open from location_due_rollups d
    where d.organization_id = ${organizationId} and d.open <> 0 order by 1, 2`)) as unknown as Rows<{
    id: string;
    due: string;
    open: number;
  }>;
  expect(dueKept.rows).toEqual(dueCounted.rows);
}
