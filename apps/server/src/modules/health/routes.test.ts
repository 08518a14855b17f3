import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz answers ok without the database', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready when the database answers', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz answers 503 when the database does not answer, and /healthz stays ok', async () => {
    const original = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      t.database.ping = original;
    }
  });

  it('GET /api/client-config answers the public settings without sign-in', async () => {
    const res = await t.app.inject('/api/client-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      supportEmail: 'support@example.com',
      publicBaseUrl: 'http://localhost:3000',
      maxUploadBytes: 25 * 1024 * 1024,
      emailReminders: false,
    });
  });
});
