import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createTwoOrganizations, loginAs } from '#server/test/fixtures.ts';
import { startTwoInstances, type TwoInstances } from '#server/test/two-instances.ts';
import {
  startWebhookReceiver,
  subscribeReceiver,
  type TestWebhookReceiver,
} from '#server/test/webhook-receiver.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two app instances on one PostgreSQL database, each with its own pool and job runner, one receiver:
 * changes made on both, and failed attempts retried, reach the receiver exactly once per event.
 */
describe.runIf(Boolean(adminUrl))('webhooks from two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  let receiver: TestWebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    two = await startTwoInstances(adminUrl!, {
      webhooksAllowPrivateAddresses: true,
      webhooksFirstRetrySeconds: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await receiver?.close();
  });

  it('deliver each event exactly once between them', async () => {
    const [first, second] = two.apps;
    const { orgA } = await createTwoOrganizations(two.handles[0].db);
    const onFirst = (await loginAs(first, orgA.admin)).headers;
    const onSecond = (await loginAs(second, orgA.admin)).headers;
    await subscribeReceiver(first, onFirst, receiver, ['asset.created']);
    // A few attempts fail and are retried by whichever instance claims them.
    receiver.failNext = [500, 503, 500];
    const names: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const name = `Pump ${i}`;
        names.push(name);
        await createAssetViaApi(i % 2 === 0 ? first : second, i % 2 === 0 ? onFirst : onSecond, { name });
      }),
    );
    const received = await receiver.waitFor(20, 30_000);
    // Settled: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.verifiedIds).toHaveLength(20);
    expect(new Set(receiver.verifiedIds).size).toBe(20);
    expect(received.map((m) => m.data.name).sort()).toEqual(names.sort());
    expect(receiver.requests).toBe(23);
  }, 60_000);
});
