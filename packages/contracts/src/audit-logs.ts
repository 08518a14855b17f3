import { z } from 'zod';
import { instant } from './limits.ts';
import { afterOnFirstPage, withinCountedRows, ZAfter, ZPageQuery } from './paging.ts';

export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'START_TASK',
  'COMPLETE_TASK',
  'RETIRE',
  'RESTORE',
  'PAUSE',
  'RESUME',
  'REVOKE',
  'UNDO',
] as const;
export const AUDIT_ENTITY_TYPES = [
  'Asset',
  'AppUser',
  'MaintenanceEvent',
  'Organization',
  'FieldDefinition',
  'Schedule',
  'ApiToken',
  'WebhookEndpoint',
  'Import',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Action badges (docs/product/audit-log.md#audit-actions); other actions are shown as they are. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  START_TASK: 'Started Task',
  COMPLETE_TASK: 'Completed Task',
  RETIRE: 'Retired',
  RESTORE: 'Restored',
  PAUSE: 'Paused',
  RESUME: 'Resumed',
  REVOKE: 'Revoked',
  UNDO: 'Undone',
};

export const AUDIT_ENTITY_LABELS: Record<TAuditEntityType, string> = {
  Asset: 'Asset',
  AppUser: 'User',
  MaintenanceEvent: 'Maintenance Event',
  Organization: 'Organization',
  FieldDefinition: 'Field Definition',
  Schedule: 'Schedule',
  ApiToken: 'API Token',
  WebhookEndpoint: 'Webhook Endpoint',
  Import: 'Import',
};

/** Page sizes: the audit page, and the profile and settings activity lists. */
export const AUDIT_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  noDetails: 'No details available',
  created: 'New record created',
  deleted: 'Record deleted',
  invalidRange: 'The start date must be before the end date.',
} as const;

const optionalIso = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text ? text : undefined))
  .pipe(instant('Use an ISO 8601 date and time.').optional());

/** GET /api/audit-logs and /api/audit-logs/my-activity query. */
export const ZAuditLogQuery = ZPageQuery.extend({
  entityType: z
    .enum(AUDIT_ENTITY_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  entityId: z.string().uuid().optional(),
  fromDate: optionalIso,
  toDate: optionalIso,
  after: ZAfter,
})
  .refine(...withinCountedRows)
  .refine(...afterOnFirstPage)
  .refine((q) => !q.fromDate || !q.toDate || Date.parse(q.fromDate) <= Date.parse(q.toDate), {
    message: AUDIT_MESSAGES.invalidRange,
    path: ['toDate'],
  });
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

/** One audit entry. `ipAddress` is only in the administrators' list. */
export const ZAuditLogEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  entityName: z.string().nullable(),
  /** JSON text: {"created":true}, {"deleted":true}, {"changes":{...}} or {"status":"..."}. */
  changes: z.string().nullable(),
  ipAddress: z.string().nullable().optional(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export function auditEntityLabel(entityType: string): string {
  return AUDIT_ENTITY_LABELS[entityType as TAuditEntityType] ?? entityType;
}

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The Details text of an entry, by the documented rules (docs/product/audit-log.md#change-description). */
export function describeAuditChanges(changes: string | null | undefined): string {
  if (!changes) return AUDIT_MESSAGES.noDetails;
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return changes;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    if (record.created === true) return AUDIT_MESSAGES.created;
    if (record.deleted === true) return AUDIT_MESSAGES.deleted;
    if (record.changes && typeof record.changes === 'object') {
      return Object.entries(record.changes as Record<string, { from?: unknown; to?: unknown }>)
        .map(([field, change]) => `${field}: ${showValue(change?.from)} → ${showValue(change?.to)}`)
        .join(', ');
    }
    if (typeof record.status === 'string') return `Task ${record.status.toLowerCase()}`;
  }
  return changes;
}
