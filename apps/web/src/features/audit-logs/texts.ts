import type { TAuditEntityType } from '@mqr/contracts';

/** The audit log's and the activity timeline's words. */
export const AUDIT_TEXTS = {
  adminTitle: 'Audit Logs',
  memberTitle: 'My Activity',
  loadFailed: 'Failed to load audit logs',
  activityLoadFailed: 'Failed to load activity logs',
  empty: 'No audit logs found for the selected criteria.',
  clearFilters: 'Clear Filters',
  unknownIp: 'Unknown',
  /** total and pages are text where the server stopped counting ("10,000+"). */
  summary: (shown: number, total: number | string, page: number, pages: number | string) =>
    `Showing ${shown} of ${total} audit logs (Page ${page} of ${pages})`,
  noActivities: 'No Activities Found - Your activity history will appear here as you use the system.',
  noDetails: 'No details available',
  created: 'New record created',
  deleted: 'Record deleted',
} as const;

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
  if (!changes) return AUDIT_TEXTS.noDetails;
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return changes;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    if (record.created === true) return AUDIT_TEXTS.created;
    if (record.deleted === true) return AUDIT_TEXTS.deleted;
    if (record.changes && typeof record.changes === 'object') {
      return Object.entries(record.changes as Record<string, { from?: unknown; to?: unknown }>)
        .map(([field, change]) => `${field}: ${showValue(change?.from)} → ${showValue(change?.to)}`)
        .join(', ');
    }
    if (typeof record.status === 'string') return `Task ${record.status.toLowerCase()}`;
  }
  return changes;
}
