import type { DbOrTx } from '../../db/client.ts';
import { type AUDIT_ACTIONS, type AUDIT_ENTITY_TYPES, auditLogEntries } from '../../db/schema.ts';
import type { AuthUser } from '../../lib/request-context.ts';

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
  const actor = record.actor;
  await tx.insert(auditLogEntries).values({
    organizationId: record.organizationId,
    userId: actor?.id ?? null,
    userName: actor ? actor.displayName || actor.email : 'system',
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    entityName: record.entityName?.slice(0, 255) ?? null,
    changes: JSON.stringify(record.changes),
    ipAddress: record.ipAddress?.slice(0, 64) ?? null,
  });
}
