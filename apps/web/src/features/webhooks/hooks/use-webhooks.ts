import {
  DEFAULT_PAGE_SIZE,
  type TWebhookEndpoint,
  type TWebhookEndpointBody,
  type TWebhookEndpointWithSecret,
} from '@mqr/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRetryKey } from '#web/lib/use-retry-key.ts';
import { createWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { deleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { getWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { getWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import { redeliverWebhook } from '../api/redeliver-webhook.ts';
import { rotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { updateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { webhookKeys } from '../api/webhook-keys.ts';

/** While a delivery waits for an attempt, its log reloads this often. */
const PENDING_REFRESH_MS = 3000;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
  });
}

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

/** The webhooks' mutations: each reloads every webhook list once it succeeds. */
function useWebhookMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** A saved endpoint: with its secret when it was created. */
export type TSavedWebhookEndpoint = TWebhookEndpointWithSecret | { endpoint: TWebhookEndpoint; secret: null };

/**
 * Creates an endpoint, or saves one (with its id). A creation sent again with the same form (after a
 * failure) carries the same Idempotency-Key: one that reached the server is not made twice.
 */
export function useSaveWebhookEndpoint() {
  const keyFor = useRetryKey();
  return useWebhookMutation(
    ({ id, body }: { id?: string; body: TWebhookEndpointBody }): Promise<TSavedWebhookEndpoint> =>
      id
        ? updateWebhookEndpoint(id, body).then((endpoint) => ({ endpoint, secret: null }))
        : createWebhookEndpoint(body, keyFor(body)),
  );
}

export const useDeleteWebhookEndpoint = () => useWebhookMutation((id: string) => deleteWebhookEndpoint(id));

export const useRotateWebhookSecret = () => useWebhookMutation((id: string) => rotateWebhookSecret(id));

export const useRedeliverWebhook = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    redeliverWebhook(endpointId, deliveryId),
  );
