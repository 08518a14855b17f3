import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { accessScope } from './plugins/access-scopes.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

describe('buildApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('decorates the app with db, database and config', () => {
    // The app's handle is the database's, its transactions claiming idempotency keys (ADR 101).
    expect(t.app.db.query).toBe(t.database.db.query);
    expect(t.app.db.transaction).not.toBe(t.database.db.transaction);
    expect(t.app.database).toBe(t.database);
    expect(t.app.config).toBe(t.config);
  });

  it('does not run the first-start bootstrap in tests', async () => {
    const orgs = await t.db.query.organizations.findMany();
    expect(orgs).toEqual([]);
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a request id header, reusing a sane incoming one', async () => {
    const fresh = await t.app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the API docs page and an OpenAPI document built from the zod schemas', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<script src="\/api\/docs\/static\/swagger-ui-bundle.js"/);
    const script = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    const clientConfig = json.paths['/api/client-config'].get.responses['200'].content['application/json'];
    expect(Object.keys(clientConfig.schema.properties)).toEqual([
      'supportEmail',
      'publicBaseUrl',
      'maxUploadBytes',
      'emailReminders',
    ]);
    expect(json.paths['/healthz']).toBeUndefined();
  });

  it('logs requests with their id but never the authorization header, cookies or passwords', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
    logged.app.log.info({ body: { email: 'a@example.com', password: 'hunter2hunter2' } }, 'body seen');
    await logged.app.inject({
      url: '/healthz',
      headers: { authorization: 'Bearer secret-token-value', cookie: 'XSRF-TOKEN=cookie-value' },
    });
    await logged.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: 'Bearer secret-token-value' },
      payload: { email: 'a@example.com', password: 'hunter2hunter2' },
    });
    await logged.close();
    const all = lines.join('');
    expect(all).toMatch(/"reqId"/);
    expect(all).toMatch(/body seen/);
    expect(all).not.toMatch(/secret-token-value|cookie-value|hunter2hunter2/);
  });

  it('passes TRUST_PROXY to Fastify: client addresses come from X-Forwarded-For only when trusted', async () => {
    for (const [trustProxy, expected] of [
      [false, '127.0.0.1'],
      [true, '203.0.113.7'],
      [1, '203.0.113.7'],
      [['127.0.0.1'], '203.0.113.7'],
    ] as const) {
      const app = await buildApp(
        { ...t.config, trustProxy: trustProxy as boolean | number | string[] },
        { database: t.database, logger: false, bootstrap: false },
      );
      await app.register(
        accessScope('public', async (scope) => {
          scope.get('/api/test/ip', async (request) => ({ ip: request.ip }));
        }),
      );
      const res = await app.inject({ url: '/api/test/ip', headers: { 'x-forwarded-for': '203.0.113.7' } });
      await app.close();
      expect(res.json(), String(trustProxy)).toEqual({ ip: expected });
    }
  });
});
