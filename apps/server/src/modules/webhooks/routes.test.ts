import { type TWebhookEndpoint, type TWebhookEndpointWithSecret, WEBHOOK_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, idempotencyKeys, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createTwoOrganizations, loginAs } from '#server/test/fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

const w = tenantWorld({ webhooksAllowPrivateAddresses: true });

const body = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://hooks.example.com/maintenance',
  events: ['asset.created', 'task.completed'],
  ...overrides,
});

const create = (headers: AuthHeaders, payload: Record<string, unknown> = body()) =>
  w.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers, payload });

async function endpointOf(headers: AuthHeaders, payload = body()) {
  const response = await create(headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TWebhookEndpointWithSecret>();
}

describe('webhook endpoints', () => {
  it('an administrator subscribes an endpoint: the secret is shown once, sealed in the database, audited', async () => {
    const created = await endpointOf(w.headers.adminA, body({ description: 'ERP', enabled: false }));
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({
      url: 'https://hooks.example.com/maintenance',
      description: 'ERP',
      events: ['asset.created', 'task.completed'],
      enabled: false,
    });
    const [row] = await w.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row!.secretSealed).not.toContain(created.secret.slice(6, 20));
    const list = await w.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: w.headers.adminA });
    expect(list.json()).toEqual([created.endpoint]);
    expect(list.body).not.toContain(created.secret);
    const [audit] = await w.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.entityId, created.endpoint.id));
    expect(audit).toMatchObject({ action: 'CREATE', entityType: 'WebhookEndpoint' });
    expect(audit!.changes).not.toContain(created.secret);
  });

  it('a save retried with its Idempotency-Key makes one endpoint: the repeat answers the first, secret and all', async () => {
    const save = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { ...w.headers.adminB, 'idempotency-key': 'save-endpoint-1' },
        payload: body({ description: 'Saved twice' }),
      });
    const first = await save();
    expect(first.statusCode, first.body).toBe(201);
    const again = await save();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const list = await w.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: w.headers.adminB });
    const saved = list
      .json<TWebhookEndpoint[]>()
      .filter((endpoint) => endpoint.description === 'Saved twice');
    expect(saved.map((endpoint) => endpoint.id)).toEqual([
      first.json<TWebhookEndpointWithSecret>().endpoint.id,
    ]);
    const [kept] = await w.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'save-endpoint-1'));
    expect(kept!.body).not.toContain(first.json<TWebhookEndpointWithSecret>().secret.slice(6));
    const id = first.json<TWebhookEndpointWithSecret>().endpoint.id;
    const removed = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${id}`,
      headers: w.headers.adminB,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('updates, rotates the secret and deletes, each audited', async () => {
    const { endpoint, secret } = await endpointOf(w.headers.adminA);
    const url = `/api/admin/webhooks/${endpoint.id}`;
    const updated = await w.app.inject({
      method: 'PUT',
      url,
      headers: w.headers.adminA,
      payload: body({ events: ['task.overdue', 'asset.retired'], enabled: false }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // Kept in the contract's order, whatever the order sent.
    expect(updated.json<TWebhookEndpoint>()).toMatchObject({
      events: ['asset.retired', 'task.overdue'],
      enabled: false,
    });
    const rotated = await w.app.inject({
      method: 'POST',
      url: `${url}/rotate-secret`,
      headers: w.headers.adminA,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<TWebhookEndpointWithSecret>().secret).not.toBe(secret);
    expect((await w.app.inject({ method: 'DELETE', url, headers: w.headers.adminA })).statusCode).toBe(204);
    expect((await w.app.inject({ method: 'GET', url, headers: w.headers.adminA })).statusCode).toBe(404);
    const actions = (
      await w.db.select().from(auditLogEntries).where(eq(auditLogEntries.entityId, endpoint.id))
    ).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['CREATE', 'DELETE', 'UPDATE', 'UPDATE']);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await w.db.$count(webhookEndpoints);
    const audits = await w.db.$count(auditLogEntries);
    for (const [payload, message] of [
      [body({ events: [] }), WEBHOOK_MESSAGES.eventsRequired],
      [body({ events: ['asset.exploded'] }), undefined],
      [body({ url: 'not a url' }), WEBHOOK_MESSAGES.urlInvalid],
      [body({ url: 'ftp://example.com/x' }), WEBHOOK_MESSAGES.urlNotHttps],
      [body({ url: '' }), WEBHOOK_MESSAGES.urlRequired],
      [body({ url: `https://example.com/${'x'.repeat(2000)}` }), WEBHOOK_MESSAGES.urlTooLong],
      [body({ enabled: 'yes' }), undefined],
      [{}, undefined],
    ] as const) {
      const response = await create(w.headers.adminA, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      if (message) expect(response.body).toContain(message);
    }
    expect(await w.db.$count(webhookEndpoints)).toBe(before);
    expect(await w.db.$count(auditLogEntries)).toBe(audits);
  });

  it('members are refused (403) and signed-out callers 401', async () => {
    const { endpoint } = await endpointOf(w.headers.adminA);
    for (const [method, url] of [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks'],
      ['PUT', `/api/admin/webhooks/${endpoint.id}`],
      ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
      ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? body() : undefined;
      expect((await w.app.inject({ method, url, headers: w.headers.memberA, payload })).statusCode).toBe(403);
      expect((await w.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
  });

  it("another organization's endpoints and deliveries answer 404, and stay as they were", async () => {
    const { endpoint } = await endpointOf(w.headers.adminA, body({ url: 'http://127.0.0.1:9/never' }));
    // A delivery of A's, to redeliver.
    const adminA = w.headers.adminA;
    await createAssetViaApi(w.app, adminA, { name: 'Tenant pump' });
    const [delivery] = await w.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toBeDefined();
    const base = `/api/admin/webhooks/${endpoint.id}`;
    for (const [method, url] of [
      ['GET', base],
      ['PUT', base],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${delivery!.id}/redeliver`],
    ] as const) {
      const payload = method === 'PUT' ? body() : undefined;
      const response = await w.app.inject({ method, url, headers: w.headers.adminB, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor through an endpoint of B's own.
    const own = await endpointOf(w.headers.adminB);
    const across = await w.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${own.endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      headers: w.headers.adminB,
    });
    expect(across.statusCode).toBe(404);
    const listB = await w.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: w.headers.adminB,
    });
    expect(listB.json<TWebhookEndpoint[]>().map((e) => e.id)).toEqual([own.endpoint.id]);
    const [after] = await w.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ url: 'http://127.0.0.1:9/never', events: endpoint.events });
    // Ids that are not ids are 404 too, never 500.
    for (const url of ['/api/admin/webhooks/nope', `${base}/deliveries/nope/redeliver`]) {
      const method = url.endsWith('redeliver') ? 'POST' : 'GET';
      expect((await w.app.inject({ method, url, headers: w.headers.adminA })).statusCode).toBe(404);
    }
  });
});

describe('endpoints on private addresses (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES off)', () => {
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    t = await buildTestApp({ webhooksAllowPrivateAddresses: false });
    const { orgA } = await createTwoOrganizations(t.db);
    admin = (await loginAs(t.app, orgA.admin)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses http, loopback, private, link-local, unique-local and IPv4-mapped addresses with 400', async () => {
    const refused: [string, string][] = [
      ['http://hooks.example.com/', WEBHOOK_MESSAGES.urlNotHttps],
      ['https://127.0.0.1/hooks', WEBHOOK_MESSAGES.urlPrivate],
      ['https://localhost:8443/hooks', WEBHOOK_MESSAGES.urlPrivate],
      ['https://10.1.2.3/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://172.16.0.9/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://192.168.1.1/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlPrivate],
      ['https://100.64.0.1/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://0.0.0.0/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[fd00::1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[fe80::1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::ffff:127.0.0.1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::ffff:10.0.0.1]/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://0x7f.1/', WEBHOOK_MESSAGES.urlPrivate],
      ['https://no-such-host.invalid/', WEBHOOK_MESSAGES.urlUnresolved],
    ];
    for (const [url, message] of refused) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: admin,
        payload: body({ url }),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
    expect(await t.db.$count(webhookEndpoints)).toBe(0);
  });

  it('accepts an https endpoint at a public address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: admin,
      // A public literal: nothing is sent to it (no subscribed event happens in this test).
      payload: body({ url: 'https://93.184.215.14/hooks', enabled: false }),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
