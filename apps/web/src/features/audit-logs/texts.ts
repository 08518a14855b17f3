import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import type { TAuditEntityType } from '@mqr/contracts';

/** The audit log's and the activity timeline's words (translated, docs/translating.md). */
export const AUDIT_TEXTS = {
  adminTitle: msg`Audit Logs`,
  memberTitle: msg`My Activity`,
  loading: msg`Loading activity...`,
  loadFailed: msg`Failed to load audit logs`,
  activityLoadFailed: msg`Failed to load activity logs`,
  retry: msg`Retry`,
  /** Who made a change the server made on its own (a schedule's task, an import's undo...). */
  system: msg`system`,
  empty: msg`No audit logs found for the selected criteria.`,
  clearFilters: msg`Clear Filters`,
  filters: msg`Filters`,
  entityType: msg`Entity type`,
  from: msg`From`,
  to: msg`To`,
  /** The filter and result cards of a list named `label` ("Audit Logs filters"). */
  filtersOf: (label: string) => msg`${label} filters`,
  entriesOf: (label: string) => msg`${label} entries`,
  date: msg`Date`,
  details: msg`Details`,
  user: msg`User`,
  action: msg`Action`,
  entity: msg`Entity`,
  ipAddress: msg`IP Address`,
  unknownIp: msg`Unknown`,
  /** total and pages are already formatted (countLabel: "10,000+" where the server stopped counting). */
  summary: (shown: number, total: string, page: number, pages: string) =>
    msg`Showing ${shown} of ${total} audit logs (Page ${page} of ${pages})`,
  /** How many entries the timeline has: counted, or where the server stopped counting (`count` formatted: "10,000+"). */
  activityCount: (total: number) =>
    msg`${plural(total, { one: '# activity in total', other: '# activities in total' })}`,
  activityCountCapped: (count: string) => msg`${count} activities in total`,
  activityHistory: msg`Activity history`,
  noActivities: msg`No Activities Found - Your activity history will appear here as you use the system.`,
  noDetails: msg`No details available`,
  created: msg`New record created`,
  deleted: msg`Record deleted`,
  emptyValue: msg`(empty)`,
  /** A recorded yes/no setting; English keeps the recorded `true`/`false`. */
  yes: msg({ message: 'true', comment: 'audit recorded value: a setting turned on' }),
  no: msg({ message: 'false', comment: 'audit recorded value: a setting turned off' }),
  /** One recorded change: `field` already in the reader's words, `from` and `to` as recorded. */
  change: (field: string, from: string, to: string) => msg`${field}: ${from} → ${to}`,
  /** A task's status change ("Task completed"); other statuses in lower case as recorded. */
  taskStatus: (status: string) =>
    msg`${select(status, {
      Completed: 'Task completed',
      InProgress: 'Task inprogress',
      Pending: 'Task pending',
      other: `Task ${status.toLowerCase()}`,
    })}`,
};

/** Action badges (docs/product/audit-log.md#audit-actions); other actions are shown as they are. */
export const AUDIT_ACTION_MESSAGES: Record<string, MessageDescriptor> = {
  CREATE: msg`Created`,
  UPDATE: msg`Updated`,
  DELETE: msg`Deleted`,
  START_TASK: msg`Started Task`,
  COMPLETE_TASK: msg`Completed Task`,
  RETIRE: msg`Retired`,
  RESTORE: msg`Restored`,
  PAUSE: msg`Paused`,
  RESUME: msg`Resumed`,
  REVOKE: msg`Revoked`,
  UNDO: msg`Undone`,
  MOVE: msg`Moved`,
  ACCEPT: msg`Accepted`,
  MERGE: msg`Merged`,
  CLOSE: msg`Closed`,
};

export const AUDIT_ENTITY_MESSAGES: Record<TAuditEntityType, MessageDescriptor> = {
  Asset: msg`Asset`,
  AppUser: msg`User`,
  MaintenanceEvent: msg`Maintenance Event`,
  Organization: msg`Organization`,
  FieldDefinition: msg`Field Definition`,
  Schedule: msg`Schedule`,
  ApiToken: msg`API Token`,
  WebhookEndpoint: msg`Webhook Endpoint`,
  Import: msg`Import`,
  Location: msg`Location`,
  Request: msg`Request`,
  ChecklistTemplate: msg`Checklist`,
  Meter: msg`Meter`,
};

/**
 * The names of the fields the server records in a change (ADR 117): English shows them as recorded,
 * the other languages in their words. Custom fields are recorded by their label and shown as they are.
 */
export const AUDIT_FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  Status: msg({ message: 'Status', comment: 'audit field name' }),
  name: msg({ message: 'name', comment: 'audit field name' }),
  description: msg({ message: 'description', comment: 'audit field name' }),
  externalId: msg({ message: 'externalId', comment: 'audit field name' }),
  displayName: msg({ message: 'displayName', comment: 'audit field name' }),
  email: msg({ message: 'email', comment: 'audit field name' }),
  password: msg({ message: 'password', comment: 'audit field name' }),
  isAdmin: msg({ message: 'isAdmin', comment: 'audit field name' }),
  isActive: msg({ message: 'isActive', comment: 'audit field name' }),
  canEditCompletedMaintenanceEvents: msg({
    message: 'canEditCompletedMaintenanceEvents',
    comment: 'audit field name',
  }),
  dailyDigest: msg({ message: 'dailyDigest', comment: 'audit field name' }),
  language: msg({ message: 'language', comment: 'audit field name' }),
  defaultLanguage: msg({ message: 'defaultLanguage', comment: 'audit field name' }),
  timeZone: msg({ message: 'timeZone', comment: 'audit field name' }),
  publicLocationPages: msg({ message: 'publicLocationPages', comment: 'audit field name' }),
  publicAssetLocation: msg({ message: 'publicAssetLocation', comment: 'audit field name' }),
  logo: msg({ message: 'logo', comment: 'audit field name' }),
  calendarFeed: msg({ message: 'calendarFeed', comment: 'audit field name' }),
  singleSignOn: msg({ message: 'singleSignOn', comment: 'audit field name' }),
  title: msg({ message: 'title', comment: 'audit field name' }),
  notes: msg({ message: 'notes', comment: 'audit field name' }),
  performedAt: msg({ message: 'performedAt', comment: 'audit field name' }),
  attachments: msg({ message: 'attachments', comment: 'audit field name' }),
  label: msg({ message: 'label', comment: 'audit field name' }),
  url: msg({ message: 'url', comment: 'audit field name' }),
  events: msg({ message: 'events', comment: 'audit field name' }),
  enabled: msg({ message: 'enabled', comment: 'audit field name' }),
  // A field definition's settings (fields/service.ts auditSnapshot).
  target: msg({ message: 'target', comment: 'audit field name' }),
  key: msg({ message: 'key', comment: 'audit field name' }),
  dataType: msg({ message: 'dataType', comment: 'audit field name' }),
  isRequired: msg({ message: 'isRequired', comment: 'audit field name' }),
  isPublic: msg({ message: 'isPublic', comment: 'audit field name' }),
  maxLength: msg({ message: 'maxLength', comment: 'audit field name' }),
  options: msg({ message: 'options', comment: 'audit field name' }),
  displayOrder: msg({ message: 'displayOrder', comment: 'audit field name' }),
  // A schedule's settings (schedules/service.ts columnsOf).
  recurrence: msg({ message: 'recurrence', comment: 'audit field name' }),
  mode: msg({ message: 'mode', comment: 'audit field name' }),
  leadDays: msg({ message: 'leadDays', comment: 'audit field name' }),
  assigneeId: msg({ message: 'assigneeId', comment: 'audit field name' }),
  startsOn: msg({ message: 'startsOn', comment: 'audit field name' }),
  endsOn: msg({ message: 'endsOn', comment: 'audit field name' }),
  // Single sign-on settings (sso/settings.ts auditSnapshot).
  ssoEnabled: msg({ message: 'ssoEnabled', comment: 'audit field name' }),
  ssoIssuer: msg({ message: 'ssoIssuer', comment: 'audit field name' }),
  ssoClientId: msg({ message: 'ssoClientId', comment: 'audit field name' }),
  ssoClientSecret: msg({ message: 'ssoClientSecret', comment: 'audit field name' }),
  ssoDisplayName: msg({ message: 'ssoDisplayName', comment: 'audit field name' }),
  ssoAllowedDomains: msg({ message: 'ssoAllowedDomains', comment: 'audit field name' }),
  ssoCreateUsers: msg({ message: 'ssoCreateUsers', comment: 'audit field name' }),
  ssoRequireSso: msg({ message: 'ssoRequireSso', comment: 'audit field name' }),
  'Sample data': msg({ message: 'Sample data', comment: 'audit field name' }),
  location: msg({ message: 'location', comment: 'audit field name' }),
  parentAsset: msg({ message: 'parentAsset', comment: 'audit field name' }),
  code: msg({ message: 'code', comment: 'audit field name' }),
  address: msg({ message: 'address', comment: 'audit field name' }),
  parent: msg({ message: 'parent', comment: 'audit field name' }),
};

/**
 * The values the server itself records (ADR 117): statuses, the markers that stand for a secret, yes
 * and no. Their English is the recorded text, so English reads as before; a user's own values are not here.
 */
const AUDIT_VALUE_MESSAGES: Record<string, MessageDescriptor> = {
  'In service': msg({ message: 'In service', comment: 'audit recorded value' }),
  Retired: msg({ message: 'Retired', comment: 'audit recorded value' }),
  Active: msg({ message: 'Active', comment: 'audit recorded value' }),
  Revoked: msg({ message: 'Revoked', comment: 'audit recorded value' }),
  Done: msg({ message: 'Done', comment: 'audit recorded value' }),
  Undone: msg({ message: 'Undone', comment: 'audit recorded value' }),
  '[hidden]': msg({ message: '[hidden]', comment: 'audit recorded value: a secret not shown' }),
  '[changed]': msg({ message: '[changed]', comment: 'audit recorded value: a secret was changed' }),
  '[created]': msg({ message: '[created]', comment: 'audit recorded value: a secret was created' }),
  '[regenerated]': msg({ message: '[regenerated]', comment: 'audit recorded value: a secret was made anew' }),
};

/** Values the server records with a count in them (sample-data/service.ts): the count and its words. */
const AUDIT_COUNTED_VALUES: ReadonlyArray<[RegExp, (count: number) => MessageDescriptor]> = [
  [/^(\d+) assets added$/, (count) => msg`${count} assets added`],
  [/^(\d+) assets$/, (count) => msg`${count} assets`],
];

/** An action's badge text in the active language. */
export function auditActionLabel(action: string): string {
  const message = AUDIT_ACTION_MESSAGES[action];
  return message ? i18n._(message) : action;
}

/** An entity type in the active language. */
export function auditEntityLabel(entityType: string): string {
  const message = AUDIT_ENTITY_MESSAGES[entityType as TAuditEntityType];
  return message ? i18n._(message) : entityType;
}

/** A recorded field's name in the active language. */
export function auditFieldLabel(field: string): string {
  const message = Object.hasOwn(AUDIT_FIELD_MESSAGES, field) ? AUDIT_FIELD_MESSAGES[field] : undefined;
  return message ? i18n._(message) : field;
}

/** A recorded value as it is ("(empty)" for none). */
function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n._(AUDIT_TEXTS.emptyValue);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A value of a field the server names itself: its own words (statuses, secrets' markers, yes and no,
 * counts) in the reader's language. A custom field's values are the users' and stay as recorded.
 */
function showServerValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n._(AUDIT_TEXTS.emptyValue);
  if (typeof value === 'boolean') return i18n._(value ? AUDIT_TEXTS.yes : AUDIT_TEXTS.no);
  if (typeof value !== 'string') return JSON.stringify(value);
  const own = Object.hasOwn(AUDIT_VALUE_MESSAGES, value) ? AUDIT_VALUE_MESSAGES[value] : undefined;
  if (own) return i18n._(own);
  for (const [pattern, message] of AUDIT_COUNTED_VALUES) {
    const counted = pattern.exec(value);
    if (counted) return i18n._(message(Number(counted[1])));
  }
  return value;
}

/**
 * The Details text of an entry, by the documented rules (docs/product/audit-log.md#change-description),
 * in the active language: call it while rendering.
 */
export function describeAuditChanges(changes: string | null | undefined): string {
  if (!changes) return i18n._(AUDIT_TEXTS.noDetails);
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return changes;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    if (record.created === true) return i18n._(AUDIT_TEXTS.created);
    if (record.deleted === true) return i18n._(AUDIT_TEXTS.deleted);
    if (record.changes && typeof record.changes === 'object') {
      return Object.entries(record.changes as Record<string, { from?: unknown; to?: unknown }>)
        .map(([field, change]) => {
          const show = Object.hasOwn(AUDIT_FIELD_MESSAGES, field) ? showServerValue : showValue;
          return i18n._(AUDIT_TEXTS.change(auditFieldLabel(field), show(change?.from), show(change?.to)));
        })
        .join(', ');
    }
    if (typeof record.status === 'string') return i18n._(AUDIT_TEXTS.taskStatus(record.status));
  }
  return changes;
}

/**
 * Who made an entry: the server records its own changes under the name "system" (recordAudits), which
 * is worded in the reader's language; a person's name as recorded.
 */
export function auditActorName(userName: string | null): string {
  if (userName === 'system') return i18n._(AUDIT_TEXTS.system);
  return userName || '—';
}
