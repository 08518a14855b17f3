import { LATEST_INSTANT, type TAuditLogEntry, type ZAuditLogQuery } from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import { type AUDIT_ACTIONS, type AUDIT_ENTITY_TYPES, auditLogEntries } from '#server/db/schema.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { type AuditEntryFilter, type AuditEntryRow, listAuditEntries } from './queries.ts';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export interface AuditRecord {
  organizationId: string;
  /** The acting user; null for the system. */
  actor: Pick<AuthUser, 'id' | 'displayName' | 'email'> | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  entityName: string | null;
  /** `{created:true}`, `{deleted:true}`, `{changes:{...}}` or `{status:...}`; stored as JSON text. */
  changes: object;
  /** The client address (`request.ip`, which honours TRUST_PROXY). */
  ipAddress: string | null | undefined;
}

/** Who makes a change, and from where: a signed-in user and the request's address, or SYSTEM. */
export type AuditSource = Pick<AuditRecord, 'actor' | 'ipAddress'>;

/** Changes the system makes itself (first start, create-admin): no acting user, no address. */
export const SYSTEM: AuditSource = { actor: null, ipAddress: null };

export type FieldChange = { from: unknown; to: unknown };
export type ChangeMap = Record<string, FieldChange>;

/**
 * The keys whose values differ between two snapshots, as `{key: {from, to}}`. A key missing on one
 * side counts as null; values are compared by their JSON text.
 */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>): ChangeMap {
  const changes: ChangeMap = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Writes one audit entry. Call it with the transaction of the change it records. */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await recordAudits(tx, [record]);
}

/** An entry's columns as they are stored. */
function entryValues(record: AuditRecord) {
  const actor = record.actor;
  return {
    organizationId: record.organizationId,
    userId: actor?.id ?? null,
    userName: actor ? actor.displayName || actor.email : 'system',
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    entityName: record.entityName?.slice(0, 255) ?? null,
    changes: JSON.stringify(record.changes),
    ipAddress: record.ipAddress?.slice(0, 64) ?? null,
  };
}

/** Writes audit entries in one statement (an import's chunk). Call it with the transaction of the changes. */
export async function recordAudits(tx: DbOrTx, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(auditLogEntries).values(records.map(entryValues));
}

/**
 * One audit entry as a data-modifying CTE named `audit_entry`, for a change written in one statement
 * of its own (a public report, ADR 146): written only where the CTE `source` has a row.
 */
export function auditEntryWrite(record: AuditRecord, source: SQL): SQL {
  const v = entryValues(record);
  return sql`audit_entry as (
      insert into ${auditLogEntries} (id, organization_id, user_id, user_name, action, entity_type, entity_id, entity_name, changes, ip_address)
      select ${uuidv7()}::uuid, ${v.organizationId}::uuid, ${v.userId}::uuid, ${v.userName}, ${v.action}, ${v.entityType},
        ${v.entityId}::uuid, ${v.entityName}, ${v.changes}, ${v.ipAddress}
      where exists (select 1 from ${source})
    )`;
}

export type AuditLogQuery = z.output<typeof ZAuditLogQuery>;
/** An entry of the member's own activity: no IP address. */
export type ActivityEntry = Omit<TAuditLogEntry, 'ipAddress'>;

function toActivityEntry(row: AuditEntryRow): ActivityEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userName: row.userName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: row.entityName,
    changes: row.changes,
  };
}

/**
 * The query as a filter. The date range is inclusive at the millisecond the API shows (`createdAt`
 * is ISO with milliseconds): toDate becomes "before toDate + 1 ms", so an entry's own createdAt used
 * as toDate still includes it although the database keeps microseconds.
 */
function toFilter(scope: AuditEntryFilter['scope'], query: AuditLogQuery): AuditEntryFilter {
  return {
    scope,
    entityType: query.entityType,
    entityId: query.entityId?.toLowerCase(),
    from: query.fromDate ? new Date(Date.parse(query.fromDate)) : undefined,
    before: query.toDate ? endBefore(query.toDate) : undefined,
  };
}

/** The exclusive end after an inclusive toDate; none at the latest instant (nothing is stored after it). */
function endBefore(toDate: string): Date | undefined {
  const end = Date.parse(toDate) + 1;
  return end > Date.parse(LATEST_INSTANT) ? undefined : new Date(end);
}

/** The organization's audit log (administrators), with each entry's client IP address. */
export async function listAuditLog(
  db: DbOrTx,
  organizationId: string,
  query: AuditLogQuery,
): Promise<{ items: TAuditLogEntry[]; total: number }> {
  const { rows, total } = await listAuditEntries(db, toFilter({ organizationId }, query), query);
  return { items: rows.map((row) => ({ ...toActivityEntry(row), ipAddress: row.ipAddress })), total };
}

/**
 * The user's own entries (anyone signed in), wherever they acted: a super administrator's actions
 * in another organization are audited there and listed here too. No IP addresses.
 */
export async function listMyActivity(
  db: DbOrTx,
  user: Pick<AuthUser, 'id'>,
  query: AuditLogQuery,
): Promise<{ items: ActivityEntry[]; total: number }> {
  const { rows, total } = await listAuditEntries(db, toFilter({ userId: user.id }, query), query);
  return { items: rows.map(toActivityEntry), total };
}
