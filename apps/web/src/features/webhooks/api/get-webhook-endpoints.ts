import { type TWebhookEndpoint, ZWebhookEndpoint } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { WEBHOOKS_URL } from './webhook-keys.ts';

/** GET /api/admin/webhooks: the organization's endpoints, oldest first. */
export async function getWebhookEndpoints(signal?: AbortSignal): Promise<TWebhookEndpoint[]> {
  return ZWebhookEndpoint.array().parse(await apiRequest(WEBHOOKS_URL, signal ? { signal } : {}));
}
