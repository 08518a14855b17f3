import { type TWebhookEndpointWithSecret, ZWebhookEndpointWithSecret } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { endpointUrl, useWebhookMutation } from './webhook-keys.ts';

/** POST /api/admin/webhooks/{id}/rotate-secret → the endpoint and its new secret (shown this once). */
export async function rotateWebhookSecret(id: string): Promise<TWebhookEndpointWithSecret> {
  return ZWebhookEndpointWithSecret.parse(
    await apiRequest(`${endpointUrl(id)}/rotate-secret`, { method: 'POST' }),
  );
}

export const useRotateWebhookSecret = () => useWebhookMutation((id: string) => rotateWebhookSecret(id));
