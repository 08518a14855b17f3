import type { TWebhookEndpointWithSecret, TWebhookEventType } from '@mqr/contracts';
import type { TestWebhookReceiver } from '@mqr/webhook-testing';
import type { FastifyInstance } from 'fastify';

export { startWebhookReceiver, type TestWebhookReceiver } from '@mqr/webhook-testing';

/** Subscribes the receiver to `events` through the API (an administrator's headers) and gives it the secret. */
export async function subscribeReceiver(
  app: FastifyInstance,
  headers: Record<string, string>,
  receiver: TestWebhookReceiver,
  events: TWebhookEventType[],
): Promise<TWebhookEndpointWithSecret> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers,
    payload: { url: receiver.url, events },
  });
  if (response.statusCode !== 201) throw new Error(`subscribe: ${response.statusCode} ${response.body}`);
  const created = response.json<TWebhookEndpointWithSecret>();
  receiver.secret = created.secret;
  return created;
}
