/**
 * What the audit-logs feature offers the other features (ADR 022): its query keys, so that a change
 * made elsewhere (a profile save) shows in the activity at once.
 */
export { auditLogKeys } from './api/audit-log-keys.ts';
