import {
  type TWebhookEndpointBody,
  type TWebhookEndpointWithSecret,
  ZWebhookEndpointWithSecret,
} from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { WEBHOOKS_URL } from './webhook-keys.ts';

/**
 * POST /api/admin/webhooks → 201 with the endpoint and its signing secret (shown this once). With
 * the key of an earlier save of the same form, the server answers that save's result.
 */
export async function createWebhookEndpoint(
  body: TWebhookEndpointBody,
  idempotencyKey: string,
): Promise<TWebhookEndpointWithSecret> {
  return ZWebhookEndpointWithSecret.parse(
    await apiRequest(WEBHOOKS_URL, { method: 'POST', body, idempotencyKey }),
  );
}
