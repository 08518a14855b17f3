import { type TWebhookEndpoint, type TWebhookEndpointBody, ZWebhookEndpoint } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { endpointUrl } from './webhook-keys.ts';

/** PUT /api/admin/webhooks/{id} → the endpoint as saved. */
export async function updateWebhookEndpoint(
  id: string,
  body: TWebhookEndpointBody,
): Promise<TWebhookEndpoint> {
  return ZWebhookEndpoint.parse(await apiRequest(endpointUrl(id), { method: 'PUT', body }));
}
