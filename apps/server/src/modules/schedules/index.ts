// What other modules and the route table may use of the schedules module (ADR 102): they import it from here only.
export { createDueTasksIn, runScheduleEngine } from './engine.ts';
export { insertSchedules, lockAssets, type ScheduleInsert } from './queries.ts';
export { firstDueDate, occurrencesBetween, occurrencesFrom, toRRuleText } from './recurrence.ts';
export { scheduleAdminRoutes, scheduleRoutes, testClockRoutes } from './routes.ts';
export {
  type ImportedSchedule,
  insertImportedSchedules,
  onMeterReading,
  onScheduledTaskCompleted,
  onScheduledTaskDeleted,
  recurrenceProblem,
  type ScheduleInput,
} from './service.ts';
