import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

describe('compressed answers', () => {
  it('sends JSON over 1 KB in brotli or gzip as the client accepts, plain otherwise', async () => {
    for (let n = 0; n < 12; n++) {
      await createAssetViaApi(t.app, t.headers.adminA, {
        name: `Compressor ${n}`,
        description: 'x'.repeat(100),
      });
    }
    const plain = await t.app.inject({ url: '/api/assets', headers: t.headers.adminA });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      url: '/api/assets',
      headers: { ...t.headers.adminA, 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-total-count']).toBe('12');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      url: '/api/assets',
      headers: { ...t.headers.adminA, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('never inflates a compressed request body: it is refused as it arrived', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'whatever-1' })),
    });
    expect(response.statusCode).toBe(400);
  });
});
