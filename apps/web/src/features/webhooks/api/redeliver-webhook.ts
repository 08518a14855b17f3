import { type TWebhookDelivery, ZWebhookDelivery } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { endpointUrl, useWebhookMutation } from './webhook-keys.ts';

/** POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver → 202 with the delivery, pending again. */
export async function redeliverWebhook(endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
  const url = `${endpointUrl(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`;
  return ZWebhookDelivery.parse(await apiRequest(url, { method: 'POST' }));
}

export const useRedeliverWebhook = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    redeliverWebhook(endpointId, deliveryId),
  );
