import { priorityOfRank, type TChecklistCompletedPayload, type TWebhookEventType } from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '#server/db/client.ts';
import { jobs, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';

/** The runner's queue of deliveries: one job per delivery attempt (ADR 064). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.deliver';

/** A new `webhook-id`: one per event, shared by its endpoints, kept on retries and redeliveries. */
export const newMessageId = () => `msg_${uuidv7().replaceAll('-', '')}`;

/** The Standard Webhooks body of an event. */
export const eventBody = (type: TWebhookEventType, timestamp: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: timestamp.toISOString(), data });

/**
 * The outbox's writes (ADR 064) as the data-modifying CTEs of a `with` list, for a change written in
 * one statement of its own: for each message (`message_id`, `body` columns of `messages`) a delivery
 * to every enabled endpoint of the organization subscribed to `type`, and the job that sends it. With
 * no such endpoint, or no message, they write nothing. The CTEs' names start with `outbox_`.
 */
function deliveryWrites(organizationId: string, type: TWebhookEventType, messages: SQL): SQL {
  return sql`outbox_endpoint as (
      select id from ${webhookEndpoints}
      where organization_id = ${organizationId} and enabled and ${type} = any(events)
    ), outbox_message as (${messages}), outbox_delivery as (
      insert into ${webhookDeliveries} (id, organization_id, endpoint_id, message_id, event_type, body, next_attempt_at)
      select gen_random_uuid(), ${organizationId}, outbox_endpoint.id, outbox_message.message_id, ${type}, outbox_message.body, now()
      from outbox_endpoint cross join outbox_message
      returning id
    ), outbox_job as (
      insert into ${jobs} (id, queue, organization_id, data)
      select gen_random_uuid(), ${WEBHOOK_DELIVERY_QUEUE}, ${organizationId},
        jsonb_build_object('deliveryId', outbox_delivery.id::text, 'attempt', '1', 'first', '1')
      from outbox_delivery
    )`;
}

/** Writes the outbox (deliveryWrites) in the caller's transaction: committed with the change, or not at all. */
export async function writeDeliveries(
  tx: DbOrTx,
  organizationId: string,
  type: TWebhookEventType,
  messages: SQL,
): Promise<void> {
  await tx.execute(sql`with ${deliveryWrites(organizationId, type, messages)} select 1`);
}

/**
 * The messages of `type` with each of `items` as its data, as a query of `message_id` and `body`;
 * `source` (a CTE's name), when given, keeps them only where it has a row.
 */
function eventMessages(
  organizationId: string,
  type: TWebhookEventType,
  items: Record<string, unknown>[],
  source?: SQL,
): SQL {
  const now = new Date();
  const messages = items.map((data) => ({
    message_id: newMessageId(),
    body: eventBody(type, now, { organizationId, ...data }),
  }));
  const recordset = sql`select message_id, body from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb) as m(message_id text, body text)`;
  return source ? sql`${recordset} where exists (select 1 from ${source})` : recordset;
}

/**
 * What the other modules call, once per change, inside its transaction: the organization's
 * subscribed endpoints will receive `type` with each of `items` as its data.
 */
export async function emitWebhookEvents(
  tx: DbOrTx,
  organizationId: string,
  type: TWebhookEventType,
  items: Record<string, unknown>[],
): Promise<void> {
  if (items.length === 0) return;
  await writeDeliveries(tx, organizationId, type, eventMessages(organizationId, type, items));
}

/** What an asset event says of its asset. */
type AssetFacts = { id: string; organizationId: string; slug: string; name: string };

/** asset.created, asset.updated or asset.retired, for one or several assets of one organization. */
export async function emitAssetEvents(
  tx: DbOrTx,
  type: 'asset.created' | 'asset.updated' | 'asset.retired',
  assets: AssetFacts[],
): Promise<void> {
  const [first] = assets;
  if (!first) return;
  const items = assets.map((asset) => ({ assetId: asset.id, slug: asset.slug, name: asset.name }));
  await emitWebhookEvents(tx, first.organizationId, type, items);
}

/** What `asset.moved` says: the asset, where it was and where it is (null: no location). */
export interface AssetMovedFacts {
  assetId: string;
  slug: string;
  name: string;
  fromLocationId: string | null;
  fromPath: string | null;
  toLocationId: string | null;
  toPath: string | null;
}

/** asset.moved, for one or several assets of one organization moved together. */
export async function emitAssetsMoved(
  tx: DbOrTx,
  organizationId: string,
  moves: AssetMovedFacts[],
): Promise<void> {
  await emitWebhookEvents(
    tx,
    organizationId,
    'asset.moved',
    moves.map((move) => ({ ...move })),
  );
}

/** What a maintenance event or task event says of it. */
type EventFacts = {
  id: string;
  organizationId: string;
  assetId: string;
  title: string;
  performedAt: Date;
  taskStatus: string;
  dueOn: string | null;
  assigneeId: string | null;
  /** Its priority's rank (TASK_PRIORITIES). */
  priority: number;
};

const taskItem = (row: EventFacts) => ({
  taskId: row.id,
  assetId: row.assetId,
  title: row.title,
  status: row.taskStatus,
  dueOn: row.dueOn,
  assigneeId: row.assigneeId,
  priority: priorityOfRank(row.priority),
});

/** maintenance_event.created (and task.started when it was recorded as started). */
export async function emitEventRecorded(tx: DbOrTx, row: EventFacts): Promise<void> {
  await emitWebhookEvents(tx, row.organizationId, 'maintenance_event.created', [
    {
      eventId: row.id,
      assetId: row.assetId,
      title: row.title,
      performedAt: row.performedAt.toISOString(),
      taskStatus: row.taskStatus,
    },
  ]);
  if (row.taskStatus === 'InProgress') await emitTaskEvent(tx, 'task.started', row);
}

/** task.started, task.completed, or task.urgent (a task made urgent, ADR 131). */
export async function emitTaskEvent(
  tx: DbOrTx,
  type: 'task.started' | 'task.completed' | 'task.urgent',
  row: EventFacts,
): Promise<void> {
  await emitWebhookEvents(tx, row.organizationId, type, [taskItem(row)]);
}

/** request.created or request.closed (ADR 129): the request, its asset, and what was said or decided. */
export async function emitRequestEvent(
  tx: DbOrTx,
  organizationId: string,
  type: 'request.created' | 'request.closed',
  data: Record<string, unknown>,
): Promise<void> {
  await emitWebhookEvents(tx, organizationId, type, [data]);
}

/**
 * request.created as CTEs (deliveryWrites) of a public report's one statement, written only where
 * the CTE `source` has a row (ADR 146).
 */
export function requestCreatedWrites(
  organizationId: string,
  data: Record<string, unknown>,
  source: SQL,
): SQL {
  const type = 'request.created';
  return deliveryWrites(organizationId, type, eventMessages(organizationId, type, [data], source));
}

/** checklist.completed (ADR 134): a task with a checklist completed, with its checklist's summary. */
export async function emitChecklistCompleted(
  tx: DbOrTx,
  organizationId: string,
  payload: TChecklistCompletedPayload,
): Promise<void> {
  await emitWebhookEvents(tx, organizationId, 'checklist.completed', [{ ...payload }]);
}

/**
 * What `meter.trigger_crossed` says (ADR 138): the reading, its meter and asset, the usage schedule
 * it made due, the reading it was due at, and the task created (null when a later calendar date
 * holds it: "whichever last").
 */
export interface UsageCrossedFacts {
  meterId: string;
  meterName: string;
  unit: string;
  assetId: string;
  readingId: string;
  value: number;
  scheduleId: string;
  title: string;
  dueAtValue: number;
  taskId: string | null;
  dueOn: string;
}

/** meter.trigger_crossed, once per usage schedule a reading made due. */
export async function emitUsageCrossed(
  tx: DbOrTx,
  organizationId: string,
  items: UsageCrossedFacts[],
): Promise<void> {
  await emitWebhookEvents(
    tx,
    organizationId,
    'meter.trigger_crossed',
    items.map((item) => ({ ...item })),
  );
}
