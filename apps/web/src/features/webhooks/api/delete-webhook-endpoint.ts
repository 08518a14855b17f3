import { apiRequest } from '#web/lib/api-client.ts';
import { endpointUrl, useWebhookMutation } from './webhook-keys.ts';

/** DELETE /api/admin/webhooks/{id} → 204. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest(endpointUrl(id), { method: 'DELETE' });
}

export const useDeleteWebhookEndpoint = () => useWebhookMutation((id: string) => deleteWebhookEndpoint(id));
