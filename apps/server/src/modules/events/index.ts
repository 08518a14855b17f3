// What other modules and the route table may use of the events module (ADR 102): they import it from here only.
export { claimedTime, stampOf } from '#server/lib/client-time.ts';
export { type EventReader, listAssetEventPage, toFile } from './event-view.ts';
export { findEventBatch, findValuesOfEvents } from './queries.ts';
export { eventAdminRoutes, eventRoutes, taskRoutes } from './routes.ts';
export {
  type DeletedHistory,
  deleteAssetsHistory,
  getDueCounts,
  hasOpenTasks,
  removeObjects,
} from './service.ts';
