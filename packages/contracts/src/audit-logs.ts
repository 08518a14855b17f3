import { z } from 'zod';
import { instant } from './limits.ts';
import { englishMessages } from './messages.ts';
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
  'MOVE',
  'ACCEPT',
  'MERGE',
  'CLOSE',
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
  'Location',
  'Request',
  'ChecklistTemplate',
  'Meter',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Page sizes: the audit page, and the profile and settings activity lists. */
export const AUDIT_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  ...englishMessages({
    invalidRange: /*i18n*/ {
      id: 'audit.invalidRange',
      message: 'The start date must be before the end date.',
    },
  }),
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
