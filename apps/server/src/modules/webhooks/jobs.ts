import { attemptDelivery, type DeliveryJob, deliveryJobOf, type WebhookDeps } from './delivery.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './outbox.ts';
import { emitOverdueTasks } from './overdue.ts';
import { deleteOldDeliveries } from './queries.ts';

/** The repeating job that sends `task.overdue` and clears old deliveries (ADR 064). */
export const WEBHOOK_UPKEEP_QUEUE = 'webhooks.upkeep';
export const WEBHOOK_UPKEEP_EVERY_MS = 60_000;
/** Delivered and failed deliveries are kept this long in the log. */
export const KEEP_DELIVERIES_DAYS = 30;
const DELETE_BATCH = 5000;

/**
 * Deliveries on each instance (ADR 087): eight at once, at most four of one organization, so
 * endpoints that do not answer hold their own organization's slots only. An attempt ends within the
 * sender's timeout (10 s); the queue's limit also covers the address check and the database.
 */
const DELIVERY_QUEUE_SETTINGS = {
  retryLimit: 3,
  lockSeconds: 60,
  timeoutSeconds: 30,
  concurrency: 8,
  perOrganization: 4,
};

/**
 * The webhooks' jobs: one attempt of one delivery per job (the handler schedules the next attempt
 * itself; the runner's own retries only cover a failure to reach the database), and the upkeep.
 */
export function defineWebhookJobs(deps: WebhookDeps): void {
  deps.jobs.define(WEBHOOK_DELIVERY_QUEUE, DELIVERY_QUEUE_SETTINGS, async (data, { signal }) => {
    const job: DeliveryJob = deliveryJobOf(data);
    await attemptDelivery(deps, job, signal);
  });
  const upkeep = { everyMs: WEBHOOK_UPKEEP_EVERY_MS, lockSeconds: 300, timeoutSeconds: 10 * 60 };
  deps.jobs.repeat(WEBHOOK_UPKEEP_QUEUE, upkeep, async () => {
    const { organizations } = await emitOverdueTasks(deps.db, deps.clock.now());
    if (organizations > 0) deps.log.info({ organizations }, 'webhooks: overdue tasks scanned');
    const before = new Date(Date.now() - KEEP_DELIVERIES_DAYS * 24 * 60 * 60 * 1000);
    await deleteOldDeliveries(deps.db, before, DELETE_BATCH);
  });
}
