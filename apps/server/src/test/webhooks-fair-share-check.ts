import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { expect, vi } from 'vitest';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { createOrganization, createUser } from './fixtures.ts';
import { HttpSession } from './http-session.ts';
import { startWebhookReceiver, type TestWebhookReceiver } from './webhook-receiver.ts';

/** How long after its event another organization's delivery may come (ADR 087). */
export const FAIR_DELIVERY_MS = 2000;

/**
 * The proof on the running instances (ADR 087): organization A's five endpoints never answer
 * while its events keep them busy on both instances; organization B's delivery still arrives within
 * FAIR_DELIVERY_MS of its event, while every request A's endpoints took is still waiting. `owner`
 * makes organization B (a connection that bypasses row-level security); `admin` is an administrator
 * of A. A's endpoints are deleted afterwards, so their deliveries end.
 */
export async function checkWebhooksFairShare(
  urls: string[],
  owner: pg.Pool,
  admin: { email: string; password: string },
): Promise<void> {
  const [one, two] = urls as [string, string];
  const a = new HttpSession();
  await a.signIn(one, admin.email, admin.password);
  const db = drizzle(owner, { schema }) as unknown as Db;
  const organizationB = await createOrganization(db, 'Fair share B');
  const adminB = await createUser(db, organizationB.id, { isAdmin: true });
  const b = new HttpSession();
  await b.signIn(two, adminB.email, adminB.password);

  const silent: TestWebhookReceiver[] = [];
  const endpointsA: string[] = [];
  const receiverB = await startWebhookReceiver();
  try {
    for (let i = 0; i < 5; i++) {
      const receiver = await startWebhookReceiver();
      receiver.silent = true;
      silent.push(receiver);
      const created = await a.expect(201, urls[i % 2]!, 'POST', '/api/admin/webhooks', {
        body: { url: receiver.url, events: ['asset.created'] },
      });
      endpointsA.push(created.endpoint.id);
    }
    const created = await b.expect(201, two, 'POST', '/api/admin/webhooks', {
      body: { url: receiverB.url, events: ['asset.created'] },
    });
    receiverB.secret = created.secret;

    const open = () => silent.reduce((sum, receiver) => sum + receiver.open, 0);
    const taken = () => silent.reduce((sum, receiver) => sum + receiver.requests, 0);
    // Four events of A on both instances: twenty deliveries to endpoints that never answer.
    for (let i = 0; i < 4; i++) {
      await a.expect(201, urls[i % 2]!, 'POST', '/api/assets', { body: { name: `Silent ${i}` } });
    }
    // A's deliveries are under way, waiting for answers that never come.
    await vi.waitFor(() => expect(open()).toBeGreaterThan(1), { timeout: 10_000, interval: 20 });

    const event = Date.now();
    await b.expect(201, one, 'POST', '/api/assets', { body: { name: 'Fair share pump' } });
    const [message] = await receiverB.waitFor(1, 8_000);
    const delay = Date.now() - event;
    expect(message?.data.name).toBe('Fair share pump');
    // Delivered while every request A's endpoints took was still waiting, none given up yet.
    expect(open()).toBe(taken());
    expect(delay).toBeLessThan(FAIR_DELIVERY_MS);
    // A's deliveries hold their share of the slots on both instances: four of eight on each.
    await vi.waitFor(() => expect(open()).toBe(8), { timeout: 5_000, interval: 20 });
  } finally {
    for (const id of endpointsA) await a.request(one, 'DELETE', `/api/admin/webhooks/${id}`);
    await Promise.all([...silent, receiverB].map((receiver) => receiver.close()));
  }
}
