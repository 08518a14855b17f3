import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpTo, countUpToRemembered } from '#server/db/count.ts';
import { descNullsLast } from '#server/db/order.ts';
import { countedPageOfRows } from '#server/db/page-ids.ts';
import { auditLogEntries } from '#server/db/schema.ts';
import { COUNT_CAP } from '#server/lib/paging.ts';

export type AuditEntryRow = typeof auditLogEntries.$inferSelect;

export interface AuditEntryFilter {
  /** Whose entries: an organization's (the audit log), or one user's wherever they acted (my activity). */
  scope: { organizationId: string } | { userId: string };
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** created_at >= from. */
  from?: Date | undefined;
  /** created_at < before (the caller makes an inclusive end exclusive). */
  before?: Date | undefined;
}

/** Newest first, in the order of the (organization, created_at, id) index. */
const NEWEST_FIRST = [descNullsLast(auditLogEntries.createdAt), descNullsLast(auditLogEntries.id)];

function filterCondition(filter: AuditEntryFilter): SQL | undefined {
  const { scope } = filter;
  const conditions: SQL[] = [
    'organizationId' in scope
      ? eq(auditLogEntries.organizationId, scope.organizationId)
      : eq(auditLogEntries.userId, scope.userId),
  ];
  if (filter.entityType) conditions.push(eq(auditLogEntries.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLogEntries.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditLogEntries.createdAt, filter.from));
  if (filter.before) conditions.push(lt(auditLogEntries.createdAt, filter.before));
  return and(...conditions);
}

/**
 * One page of an organization's (or a user's) audit entries, newest first (created_at desc, id
 * desc), and how many match: served by the (organization, created_at, id), (user, created_at, id),
 * (organization, entity type, created_at) and (organization, entity) indexes. The count walks the
 * list's own order, and a count that reached its cap is remembered for a minute (ADR 076): entries
 * are never deleted, so a log past the cap stays past it (ADR 106).
 */
export async function listAuditEntries(
  db: DbOrTx,
  filter: AuditEntryFilter,
  paging: { page: number; pageSize: number; after?: string | undefined },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const where = filterCondition(filter);
  const count = () => countUpTo(db, auditLogEntries, where, COUNT_CAP, NEWEST_FIRST);
  return countedPageOfRows(
    db,
    auditLogEntries,
    {
      where,
      from: afterEntry(filter, paging.after),
      scope: where,
      order: NEWEST_FIRST,
      countCap: COUNT_CAP,
      knownTotal: () => countUpToRemembered(`audit-log:${JSON.stringify(filter)}`, COUNT_CAP, count),
    },
    paging,
  );
}

/** The entries after the entry `after` (of the same scope) in the list's order. */
function afterEntry(filter: AuditEntryFilter, after: string | undefined): SQL | undefined {
  if (!after) return undefined;
  const { scope } = filter;
  const sameScope =
    'organizationId' in scope
      ? sql`e.organization_id = ${scope.organizationId}`
      : sql`e.user_id = ${scope.userId}`;
  return sql`(${auditLogEntries.createdAt}, ${auditLogEntries.id}) < (
    select e.created_at, e.id from ${auditLogEntries} e where ${sameScope} and e.id = ${after})`;
}
