// What other modules and the route table may use of the reminders module (ADR 102): they import it from here only.
export { type AlertChange, SIGN_IN_SETTINGS_ALERT } from './alert-message.ts';
export { REQUEST_LINK_PURPOSE, type ReporterEmailContent } from './request-message.ts';
export {
  composeDailyDigests,
  emailAdministrators,
  emailReporter,
  emailUnsafeReport,
  emailUrgentTask,
  type UrgentTaskEmail,
} from './service.ts';
