import { type TWebhookEndpoint, ZWebhookEndpoint } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { WEBHOOKS_URL, webhookKeys } from './webhook-keys.ts';

/** GET /api/admin/webhooks: the organization's endpoints, oldest first. */
export async function getWebhookEndpoints(signal?: AbortSignal): Promise<TWebhookEndpoint[]> {
  return ZWebhookEndpoint.array().parse(await apiRequest(WEBHOOKS_URL, signal ? { signal } : {}));
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
  });
}
