import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TAuditEntityType } from '@mqr/contracts';

/** The filter inputs of an audit list, as typed: datetime-local values in the browser's time zone. */
export type TAuditFilters = { entityType: TAuditEntityType | ''; from: string; to: string };

/** What an audit list asks the server for (the query of GET /api/audit-logs, docs/product/audit-log.md#audit-api). */
export type TAuditListQuery = {
  entityType?: TAuditEntityType | undefined;
  entityId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  page: number;
  pageSize: number;
};

export const EMPTY_AUDIT_FILTERS: TAuditFilters = { entityType: '', from: '', to: '' };

export type TEntityTypeOption = { value: TAuditEntityType | ''; label: MessageDescriptor };

/** The audit page's entity type choices (docs/product/audit-log.md#audit-filters). */
export const AUDIT_ENTITY_TYPE_OPTIONS: readonly TEntityTypeOption[] = [
  { value: '', label: msg`All` },
  { value: 'Asset', label: msg`Assets` },
  { value: 'AppUser', label: msg`Users` },
  { value: 'MaintenanceEvent', label: msg`Maintenance Events` },
  { value: 'Organization', label: msg`Organizations` },
  { value: 'ApiToken', label: msg`API Tokens` },
];

/** The settings screen's activity type choices (docs/product/profile-and-settings.md#activity-logs-tab). */
export const ACTIVITY_ENTITY_TYPE_OPTIONS: readonly TEntityTypeOption[] = [
  { value: '', label: msg`All Types` },
  { value: 'Asset', label: msg`Assets` },
  { value: 'MaintenanceEvent', label: msg`Maintenance Events` },
  { value: 'AppUser', label: msg`User Profile` },
  { value: 'ApiToken', label: msg`API Tokens` },
];

/** A datetime-local value (local time) as ISO 8601 in UTC; undefined when empty or invalid. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function hasAuditFilters(filters: TAuditFilters): boolean {
  return filters.entityType !== '' || filters.from !== '' || filters.to !== '';
}

/** True when both dates are set and the start is after the end (the server refuses that range). */
export function isInvalidRange(filters: TAuditFilters): boolean {
  const from = localInputToIso(filters.from);
  const to = localInputToIso(filters.to);
  return from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to);
}

/** The query sent to the server for these filters, page and page size. */
export function auditQuery(filters: TAuditFilters, page: number, pageSize: number): TAuditListQuery {
  return {
    entityType: filters.entityType || undefined,
    fromDate: localInputToIso(filters.from),
    toDate: localInputToIso(filters.to),
    page,
    pageSize,
  };
}
