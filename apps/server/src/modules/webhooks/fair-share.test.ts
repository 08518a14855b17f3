import { randomBytes } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import {
  startWebhookReceiver,
  subscribeReceiver,
  type TestWebhookReceiver,
} from '#server/test/webhook-receiver.ts';
import { sendWebhook } from './sender.ts';

const w = tenantWorld({ webhooksAllowPrivateAddresses: true, webhooksFirstRetrySeconds: 1 });

const receivers: TestWebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(): Promise<TestWebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

// A review found one organization's five endpoints that never answer delayed another organization's
// delivery by 50 s, the runner sending one delivery at a time, each waiting out its 10 s timeout.
it("an organization's endpoints that do not answer hold up no other organization's delivery (ADR 087)", async () => {
  const silent = await Promise.all([1, 2, 3, 4, 5].map(() => receiver()));
  for (const endpoint of silent) {
    endpoint.silent = true;
    await subscribeReceiver(w.app, w.headers.adminA, endpoint, ['asset.created']);
  }
  const other = await receiver();
  await subscribeReceiver(w.app, w.headers.adminB, other, ['asset.created']);
  const open = () => silent.reduce((sum, endpoint) => sum + endpoint.open, 0);

  await createAssetViaApi(w.app, w.headers.adminA, { name: 'Pump A' });
  // A's deliveries are under way, waiting for answers that never come.
  await vi.waitFor(() => expect(open()).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });

  await createAssetViaApi(w.app, w.headers.adminB, { name: 'Pump B' });
  // Within A's 10 s timeout: B's delivery did not wait for a slot of A's.
  const [message] = await other.waitFor(1, 8_000);
  expect(message?.data.name).toBe('Pump B');
  const taken = () => silent.reduce((sum, endpoint) => sum + endpoint.requests, 0);
  // Delivered while every request A's endpoints took was still waiting, none given up yet.
  expect(open()).toBe(taken());
  // A's deliveries hold at most their share of the slots: four of eight.
  await vi.waitFor(() => expect(open()).toBe(4), { timeout: 5_000, interval: 20 });
  expect(taken()).toBe(4);
});

it("ends a request to an endpoint that never answers at its job's time limit, or at its own timeout", async () => {
  const endpoint = await receiver();
  endpoint.silent = true;
  const message = {
    url: endpoint.url,
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    messageId: 'msg_silent',
    body: '{}',
  };
  const attempt = new AbortController();
  const sending = sendWebhook(message, { allowPrivate: true, now: new Date(), signal: attempt.signal });
  await vi.waitFor(() => expect(endpoint.open).toBe(1), { timeout: 5_000, interval: 20 });
  attempt.abort();
  expect(await sending).toMatchObject({ error: 'The attempt reached its time limit.' });
  await vi.waitFor(() => expect(endpoint.open).toBe(0), { timeout: 5_000, interval: 20 });
  expect(await sendWebhook(message, { allowPrivate: true, now: new Date(), timeoutMs: 200 })).toMatchObject({
    error: 'No answer within 0.2 s.',
  });
});
