// What other modules and the route table may use of the webhooks module (ADR 102): they import it from here only.

export type { AssetMovedFacts, UsageCrossedFacts } from './outbox.ts';
export { webhookAdminRoutes } from './routes.ts';
export {
  emitAssetEvents,
  emitAssetsMoved,
  emitChecklistCompleted,
  emitEventRecorded,
  emitRequestEvent,
  emitTaskEvent,
  emitUsageCrossed,
  requestCreatedWrites,
} from './service.ts';
