import { randomBytes } from 'node:crypto';
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  type ZWebhookEndpointBody,
} from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { organizations } from '#server/db/schema.ts';
import { checkEndpointUrl, RefusedAddressError } from '#server/lib/address-guard.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { type AuditRecord, diffChanges, recordAudit } from '../audit-logs/index.ts';
import { refusalMessage } from './address-refusals.ts';
import type { WebhookDeps } from './delivery.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './outbox.ts';
import {
  countEndpoints,
  type DeliveryRow,
  deleteEndpoint as deleteEndpointRow,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  reopenDelivery,
  updateEndpoint as updateEndpointRow,
} from './queries.ts';

/** What the other modules call in their transactions (ADR 064). */
export {
  emitAssetEvents,
  emitAssetsMoved,
  emitChecklistCompleted,
  emitEventRecorded,
  emitRequestEvent,
  emitTaskEvent,
  emitUsageCrossed,
  requestCreatedWrites,
} from './outbox.ts';

export type WebhookEndpointInput = z.output<typeof ZWebhookEndpointBody>;

/** Who acts (an administrator of their own organization), from where, with the webhooks' deps. */
export interface WebhookContext {
  deps: WebhookDeps;
  actor: AuthUser;
  ipAddress: string;
}

const ENDPOINT = 'Webhook endpoint';
const DELIVERY = 'Webhook delivery';
const HIDDEN = '[hidden]';

const sqlLockOrganization = (organizationId: string) =>
  sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

function toEndpoint(row: EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    state: row.state,
    attempts: row.attempts,
    statusCode: row.statusCode,
    responseTimeMs: row.responseTimeMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audited view of an endpoint (never its secret). */
const auditView = (row: Pick<EndpointRow, 'url' | 'description' | 'events' | 'enabled'>) => ({
  url: row.url,
  description: row.description,
  events: row.events.join(', '),
  enabled: row.enabled,
});

function audit(context: WebhookContext, row: EndpointRow, action: AuditRecord['action'], changes: object) {
  return {
    organizationId: row.organizationId,
    actor: context.actor,
    action,
    entityType: 'WebhookEndpoint',
    entityId: row.id,
    entityName: row.url,
    changes,
    ipAddress: context.ipAddress,
  } satisfies AuditRecord;
}

/** 400 on `url` when the address is refused (https, private, unresolved), before anything is written. */
async function checkUrl(context: WebhookContext, url: string): Promise<void> {
  try {
    await checkEndpointUrl(url, context.deps.allowPrivate, context.deps.resolve);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    const message = refusalMessage(error);
    throw new AppError('VALIDATION', message, { fields: [{ path: 'url', message }] });
  }
}

async function endpointOf(context: WebhookContext, id: string, forUpdate = false) {
  const row = isUuid(id)
    ? await findEndpoint(context.deps.db, context.actor.organizationId, id, { forUpdate })
    : undefined;
  if (!row) throw notFound(ENDPOINT);
  return row;
}

export async function listWebhookEndpoints(context: WebhookContext): Promise<TWebhookEndpoint[]> {
  return (await listEndpoints(context.deps.db, context.actor.organizationId)).map(toEndpoint);
}

export async function getWebhookEndpoint(context: WebhookContext, id: string): Promise<TWebhookEndpoint> {
  return toEndpoint(await endpointOf(context, id));
}

/**
 * A new endpoint of the administrator's organization, with its CREATE audit entry; the answer holds
 * its secret, this once. At most WEBHOOK_ENDPOINTS_PER_ORGANIZATION (409).
 */
export async function createWebhookEndpoint(
  context: WebhookContext,
  body: WebhookEndpointInput,
): Promise<TWebhookEndpointWithSecret> {
  await checkUrl(context, body.url);
  const { organizationId } = context.actor;
  const secret = newSecret();
  const row = await context.deps.db.transaction(async (tx) => {
    // Two creations take turns on the organization's count.
    await tx.execute(sqlLockOrganization(organizationId));
    if ((await countEndpoints(tx, organizationId)) >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION) {
      throw conflict(WEBHOOK_MESSAGES.tooMany);
    }
    const created = await insertEndpoint(tx, {
      organizationId,
      url: body.url,
      description: body.description,
      events: body.events,
      enabled: body.enabled,
      secretSealed: context.deps.secrets.seal(secret),
    });
    await recordAudit(tx, audit(context, created, 'CREATE', { created: true, ...auditView(created) }));
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

/** Replaces an endpoint's URL, description, events and switch (its secret stays). */
export async function updateWebhookEndpoint(
  context: WebhookContext,
  id: string,
  body: WebhookEndpointInput,
): Promise<TWebhookEndpoint> {
  await endpointOf(context, id);
  await checkUrl(context, body.url);
  const row = await context.deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.actor.organizationId, id, { forUpdate: true });
    if (!current) throw notFound(ENDPOINT);
    const updated = await updateEndpointRow(tx, current.organizationId, current.id, {
      url: body.url,
      description: body.description,
      events: body.events,
      enabled: body.enabled,
    });
    const changes = diffChanges(auditView(current), auditView(updated));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, audit(context, updated, 'UPDATE', { changes }));
    return updated;
  });
  return toEndpoint(row);
}

/** A new signing secret, answered this once; the old one stops signing at once. */
export async function rotateWebhookSecret(
  context: WebhookContext,
  id: string,
): Promise<TWebhookEndpointWithSecret> {
  await endpointOf(context, id);
  const secret = newSecret();
  const row = await context.deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.actor.organizationId, id, { forUpdate: true });
    if (!current) throw notFound(ENDPOINT);
    const updated = await updateEndpointRow(tx, current.organizationId, current.id, {
      secretSealed: context.deps.secrets.seal(secret),
    });
    await recordAudit(
      tx,
      audit(context, updated, 'UPDATE', { changes: { secret: { from: HIDDEN, to: '[changed]' } } }),
    );
    return updated;
  });
  return { endpoint: toEndpoint(row), secret };
}

/** Deletes an endpoint with its delivery log; one DELETE audit entry stays. */
export async function deleteWebhookEndpoint(context: WebhookContext, id: string): Promise<void> {
  await endpointOf(context, id);
  await context.deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.actor.organizationId, id, { forUpdate: true });
    if (!current) throw notFound(ENDPOINT);
    await deleteEndpointRow(tx, current.organizationId, current.id);
    await recordAudit(tx, audit(context, current, 'DELETE', { deleted: true, ...auditView(current) }));
  });
}

export async function listWebhookDeliveries(
  context: WebhookContext,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: TWebhookDelivery[]; total: number }> {
  const endpoint = await endpointOf(context, endpointId);
  const { rows, total } = await listDeliveries(context.deps.db, endpoint.organizationId, endpoint.id, page);
  return { items: rows.map(toDelivery), total };
}

/**
 * Sends a delivered or failed delivery again, as a new round of attempts with the same webhook-id
 * (receivers dedupe on it); 409 while a round is under way.
 */
export async function redeliverWebhook(
  context: WebhookContext,
  endpointId: string,
  deliveryId: string,
): Promise<TWebhookDelivery> {
  const endpoint = await endpointOf(context, endpointId);
  const existing = isUuid(deliveryId)
    ? await findDelivery(context.deps.db, endpoint.organizationId, endpoint.id, deliveryId)
    : undefined;
  if (!existing) throw notFound(DELIVERY);
  const row = await context.deps.db.transaction(async (tx) => {
    const reopened = await reopenDelivery(tx, endpoint.organizationId, existing.id, new Date());
    if (!reopened) throw conflict(WEBHOOK_MESSAGES.stillPending);
    const attempt = String(reopened.attempts + 1);
    await context.deps.jobs.send(
      WEBHOOK_DELIVERY_QUEUE,
      { deliveryId: reopened.id, attempt, first: attempt },
      { tx, organizationId: endpoint.organizationId },
    );
    return reopened;
  });
  return toDelivery(row);
}
