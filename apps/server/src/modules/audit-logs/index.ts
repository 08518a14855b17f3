// What other modules and the route table may use of the audit-logs module (ADR 102): they import it from here only.
export { auditLogRoutes, myActivityRoutes } from './routes.ts';
export {
  type AuditRecord,
  type AuditSource,
  auditEntryWrite,
  type ChangeMap,
  diffChanges,
  recordAudit,
  recordAudits,
} from './service.ts';
