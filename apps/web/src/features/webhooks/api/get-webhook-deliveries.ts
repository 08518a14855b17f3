import { DEFAULT_PAGE_SIZE, type TWebhookDelivery, ZWebhookDelivery } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { endpointUrl, webhookKeys } from './webhook-keys.ts';

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

/** While a delivery waits for an attempt, its log reloads this often. */
const PENDING_REFRESH_MS = 3000;

/** One page of an endpoint's deliveries; reloads itself while one of them is pending. */
export function useWebhookDeliveries(endpointId: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, page),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, { page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.state === 'pending') ? PENDING_REFRESH_MS : false,
  });
}
