import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { cspDirectives, storageOrigins } from './security-headers.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends the CSP the SPA runs under, without upgrade-insecure-requests on http', async () => {
    for (const url of ['/healthz', '/some/page', '/api/docs']) {
      const res = await t.app.inject(url);
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toBe(
        "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';" +
          "img-src 'self' data: blob:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';" +
          "form-action 'self';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends API answers the headers of data, not of a page: nothing in them may run, be framed or sniffed', async () => {
    for (const url of ['/api/client-config', '/api/assets', '/api/no-such-route']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds upgrade-insecure-requests and HSTS when the public address is https', async () => {
    const https = await buildTestApp({ publicBaseUrl: 'https://mqr.example.com' });
    try {
      const res = await https.app.inject('/healthz');
      expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const api = await https.app.inject('/api/client-config');
      expect(api.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
    } finally {
      await https.close();
    }
  });

  it('lets the browser reach S3 for uploads and images', () => {
    const origins = storageOrigins({
      storage: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'b',
        region: 'r',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      },
    });
    expect(origins).toEqual(['http://127.0.0.1:9000']);
    const d = cspDirectives({ publicBaseUrl: 'http://localhost:3000' }, origins);
    expect(d['img-src']).toContain('http://127.0.0.1:9000');
    expect(d['connect-src']).toContain('http://127.0.0.1:9000');
    expect(storageOrigins({ storage: 'local', s3: undefined })).toEqual([]);
  });
});
