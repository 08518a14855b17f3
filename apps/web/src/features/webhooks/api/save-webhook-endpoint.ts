import {
  type TWebhookEndpoint,
  type TWebhookEndpointBody,
  type TWebhookEndpointWithSecret,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
} from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useRetryKey } from '#web/lib/use-retry-key.ts';
import { endpointUrl, useWebhookMutation, WEBHOOKS_URL } from './webhook-keys.ts';

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

/** PUT /api/admin/webhooks/{id} → the endpoint as saved. */
export async function updateWebhookEndpoint(
  id: string,
  body: TWebhookEndpointBody,
): Promise<TWebhookEndpoint> {
  return ZWebhookEndpoint.parse(await apiRequest(endpointUrl(id), { method: 'PUT', body }));
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
