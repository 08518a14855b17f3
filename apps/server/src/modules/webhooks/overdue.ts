import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  maintenanceEvents,
  organizations,
  webhookEndpoints,
  webhookOverdueScans,
} from '#server/db/schema.ts';
import { writeDeliveries } from './outbox.ts';

type Rows<T> = { rows: T[] };

/**
 * `task.overdue`, once per task (ADR 064): a task falls overdue when its organization's date passes
 * its due date (ADR 053), so each organization with an endpoint subscribed keeps the date it has
 * scanned through; a scan sends the open tasks due from that date to the day before today, and
 * moves the date to today, in one transaction per organization (its row locked, so two scans never
 * send the same task). An organization seen for the first time starts at today: tasks that were
 * overdue before anyone subscribed are not sent.
 */
export async function emitOverdueTasks(db: Db, now: Date): Promise<{ organizations: number }> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`;
  const due = (await db.execute(sql`
    select ${organizations.id} as id, to_char(${local}, 'YYYY-MM-DD') as today
    from ${organizations}
    where exists (
      select 1 from ${webhookEndpoints}
      where ${webhookEndpoints.organizationId} = ${organizations.id} and ${webhookEndpoints.enabled}
        and 'task.overdue' = any(${webhookEndpoints.events}))
      and not exists (
        select 1 from ${webhookOverdueScans}
        where ${webhookOverdueScans.organizationId} = ${organizations.id}
          and ${webhookOverdueScans.scannedThrough} >= ${local})`)) as unknown as Rows<{
    id: string;
    today: string;
  }>;
  let scanned = 0;
  for (const { id: organizationId, today } of due.rows) {
    if (await scanOrganization(db, organizationId, today, now)) scanned++;
  }
  return { organizations: scanned };
}

async function scanOrganization(db: Db, organizationId: string, today: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(webhookOverdueScans)
      .values({ organizationId, scannedThrough: today })
      .onConflictDoNothing({ target: webhookOverdueScans.organizationId });
    const [scan] = (
      (await tx.execute(sql`
        select to_char(${webhookOverdueScans.scannedThrough}, 'YYYY-MM-DD') as "from"
        from ${webhookOverdueScans}
        where ${webhookOverdueScans.organizationId} = ${organizationId}
        for update`)) as unknown as Rows<{ from: string }>
    ).rows;
    if (!scan || scan.from >= today) return false;
    const e = maintenanceEvents;
    await writeDeliveries(
      tx,
      organizationId,
      'task.overdue',
      sql`select 'msg_' || replace(gen_random_uuid()::text, '-', '') as message_id,
        jsonb_build_object('type', 'task.overdue', 'timestamp', ${now.toISOString()}::text, 'data',
          jsonb_build_object('organizationId', ${e.organizationId}, 'taskId', ${e.id}, 'assetId', ${e.assetId},
            'title', ${e.title}, 'status', ${e.taskStatus}, 'dueOn', ${e.dueOn}, 'assigneeId', ${e.assigneeId}))::text as body
        from ${e}
        where ${e.organizationId} = ${organizationId} and ${e.taskStatus} <> 'Completed'
          and ${e.dueOn} >= ${scan.from}::date and ${e.dueOn} < ${today}::date`,
    );
    await tx
      .update(webhookOverdueScans)
      .set({ scannedThrough: today })
      .where(sql`${webhookOverdueScans.organizationId} = ${organizationId}`);
    return true;
  });
}
