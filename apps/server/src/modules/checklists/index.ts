// What other modules and the route table may use of the checklists module (ADR 102): they import it from here only.
export { checklistAdminRoutes, checklistRoutes, taskChecklistRoutes } from './routes.ts';
export { completeChecklist, resolveChecklistVersion, resolveScheduleChecklist } from './service.ts';
