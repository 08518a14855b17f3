import { type TWebhookDelivery, ZWebhookDelivery } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { endpointUrl } from './webhook-keys.ts';

/** GET /api/admin/webhooks/{id}/deliveries?page=&pageSize=: newest first. */
export async function getWebhookDeliveries(
  endpointId: string,
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TWebhookDelivery>> {
  const response = await apiSend(`${endpointUrl(endpointId)}/deliveries`, {
    query,
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZWebhookDelivery.array().parse(await response.json()), query);
}
