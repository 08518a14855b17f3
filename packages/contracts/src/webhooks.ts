import { z } from 'zod';
import { storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';

/**
 * Webhooks (ADR 064): an organization's HTTPS endpoints receive its events in the Standard Webhooks
 * format (`webhook-id`, `webhook-timestamp`, `webhook-signature`), signed with the endpoint's secret.
 */
export const WEBHOOK_EVENT_TYPES = [
  'asset.created',
  'asset.updated',
  'asset.retired',
  'asset.moved',
  'maintenance_event.created',
  'task.started',
  'task.completed',
  'task.overdue',
  'request.created',
  'request.closed',
  'task.urgent',
  'checklist.completed',
  'meter.trigger_crossed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Standard Webhooks secrets: `whsec_` and the base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints one organization may have. */
export const WEBHOOK_ENDPOINTS_PER_ORGANIZATION = 20;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_MESSAGES = {
  ...englishMessages({
    urlRequired: /*i18n*/ { id: 'webhook.urlRequired', message: 'Endpoint URL is required' },
    urlInvalid: /*i18n*/ { id: 'webhook.urlInvalid', message: 'Enter a full URL starting with https://.' },
    urlTooLong: said(
      /*i18n*/ {
        id: 'webhook.urlTooLong',
        message: 'The URL must be at most {webhookUrlMaxLength} characters.',
      },
      { webhookUrlMaxLength: WEBHOOK_URL_MAX_LENGTH },
    ),
    urlNotHttps: /*i18n*/ {
      id: 'webhook.urlNotHttps',
      message: 'The endpoint URL must start with https://.',
    },
    urlPrivate: /*i18n*/ {
      id: 'webhook.urlPrivate',
      message:
        'This address is on a private, loopback or link-local network: webhooks are only sent to public addresses.',
    },
    urlUnresolved: /*i18n*/ {
      id: 'webhook.urlUnresolved',
      message: 'The endpoint’s host name could not be found.',
    },
    descriptionTooLong: said(
      /*i18n*/ {
        id: 'webhook.descriptionTooLong',
        message: 'The description must be at most {webhookDescriptionMaxLength} characters.',
      },
      { webhookDescriptionMaxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH },
    ),
    eventsRequired: /*i18n*/ { id: 'webhook.eventsRequired', message: 'Choose at least one event.' },
    tooMany: said(
      /*i18n*/ {
        id: 'webhook.tooMany',
        message:
          'Your organization already has {webhookEndpointsPerOrganization} webhook endpoints. Delete one first.',
      },
      { webhookEndpointsPerOrganization: WEBHOOK_ENDPOINTS_PER_ORGANIZATION },
    ),
    stillPending: /*i18n*/ {
      id: 'webhook.stillPending',
      message: 'This delivery is still being tried. Wait for its next attempt.',
    },
  }),
} as const;

/** POST /api/admin/webhooks and PUT /api/admin/webhooks/{id}. */
export const ZWebhookEndpointBody = z.object({
  url: storableText({ message: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, { message: WEBHOOK_MESSAGES.urlRequired })
    .max(WEBHOOK_URL_MAX_LENGTH, { message: WEBHOOK_MESSAGES.urlTooLong })
    .refine((value) => URL.canParse(value), { message: WEBHOOK_MESSAGES.urlInvalid }),
  description: storableText()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { message: WEBHOOK_MESSAGES.descriptionTooLong })
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES), { message: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, { message: WEBHOOK_MESSAGES.eventsRequired })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointBody = z.input<typeof ZWebhookEndpointBody>;

/** An endpoint as listed: never its secret (shown once, at creation and rotation). */
export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** A creation's or a rotation's answer: the endpoint and its signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

/** One event sent (or to send) to one endpoint, with its latest attempt. */
export const ZWebhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and redelivery. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The HTTP status of the latest attempt; null when none answered. */
  statusCode: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
