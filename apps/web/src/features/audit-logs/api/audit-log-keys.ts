import type { TAuditListQuery } from '../lib/audit-filters.ts';
import type { TAuditScope } from './get-audit-logs.ts';

/** react-query keys of the audit lists (the audit page, and the profile and settings activity). */
export const auditLogKeys = {
  all: ['audit-logs'] as const,
  list: (scope: TAuditScope, query: TAuditListQuery) => [...auditLogKeys.all, scope, query] as const,
};
