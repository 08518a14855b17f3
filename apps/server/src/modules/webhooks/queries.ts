import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { COUNT_CAP } from '#server/lib/paging.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointInsert = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const ofOrganization = (organizationId: string, id: string): SQL =>
  and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id))!;

/** The organization's endpoints, oldest first (at most WEBHOOK_ENDPOINTS_PER_ORGANIZATION). */
export function listEndpoints(db: DbOrTx, organizationId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EndpointRow | undefined> {
  const query = db.select().from(webhookEndpoints).where(ofOrganization(organizationId, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countEndpoints(tx: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId));
  return Number(row?.total ?? 0);
}

export async function insertEndpoint(tx: DbOrTx, values: EndpointInsert): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<EndpointInsert>,
): Promise<EndpointRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(ofOrganization(organizationId, id))
    .returning();
  return row!;
}

/** Deletes the endpoint and (by cascade) its deliveries; their queued jobs find nothing and end. */
export async function deleteEndpoint(tx: DbOrTx, organizationId: string, id: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(ofOrganization(organizationId, id));
}

/** One page of an endpoint's deliveries, newest first (webhook_deliveries_endpoint_created_idx); counted up to COUNT_CAP. */
export async function listDeliveries(
  db: DbOrTx,
  organizationId: string,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.organizationId, organizationId),
    eq(webhookDeliveries.endpointId, endpointId),
  );
  const counted = (await db.execute(
    sql`select count(*)::int as total from (select 1 from ${webhookDeliveries} where ${where} limit ${COUNT_CAP}) capped`,
  )) as unknown as { rows: { total: number }[] };
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(sql`${webhookDeliveries.createdAt} desc`, sql`${webhookDeliveries.id} desc`)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

export async function findDelivery(
  db: DbOrTx,
  organizationId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

/**
 * A delivered or failed delivery back to pending for a new round of attempts (Redeliver); undefined
 * when it is pending already (a round is under way) or does not exist.
 */
export async function reopenDelivery(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.state} <> 'pending'`,
      ),
    )
    .returning();
  return row;
}

/** A delivery with what sending it needs: its endpoint's URL, secret and switch. */
export async function findDeliveryToSend(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** What one attempt came to. */
export interface AttemptRecord {
  state: DeliveryRow['state'];
  statusCode: number | null;
  responseTimeMs: number | null;
  lastError: string | null;
  lastAttemptAt: Date;
  nextAttemptAt: Date | null;
}

/**
 * Records attempt number `attempt` of a pending delivery; false when another run recorded it
 * already (the delivery is no longer pending at attempt - 1), so each attempt counts once.
 */
export async function recordAttempt(
  tx: DbOrTx,
  id: string,
  attempt: number,
  record: AttemptRecord,
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ ...record, attempts: attempt })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.state, 'pending'),
        eq(webhookDeliveries.attempts, attempt - 1),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Finished deliveries older than `before`, a batch at a time (the repeating job's clean-up). */
export async function deleteOldDeliveries(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${webhookDeliveries} where id in (
      select id from ${webhookDeliveries}
      where ${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz and state <> 'pending'
      limit ${limit})`)) as unknown as { affectedRows?: number; rowCount?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
