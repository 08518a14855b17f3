import { describe, expect, it } from 'vitest';
import { createAssetViaApi, fieldBody, insertField } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { PUBLIC_RATE_LIMIT_MESSAGE } from './public-pages.ts';

const LIMIT = 25;
const t = tenantWorld({ publicRateLimitPerMinute: LIMIT });

describe('the public pages', () => {
  it('answers a repeat scan of an unchanged page with 304, and a changed one in full', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Fire door' });
    const url = `/public/orgs/${asset.organizationId}/assets/${asset.slug}`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=30');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\//);

    const again = await t.app.inject({ url, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers: t.headers.memberA,
      payload: { title: 'Inspection' },
    });
    const changed = await t.app.inject({ url, headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().events.map((e: { title: string }) => e.title)).toEqual(['Inspection']);
  });

  it('answers a field made internal at once: a new ETag without it, and no shared cache keeps the old', async () => {
    const room = await insertField(t.db, t.orgA.organization.id, { label: 'Keyholder phone' });
    const asset = await createAssetViaApi(t.app, t.headers.adminA, {
      name: 'Plant room door',
      fields: [{ fieldId: room.id, value: '+44 7700 900123' }],
    });
    const url = `/public/orgs/${asset.organizationId}/assets/${asset.slug}`;
    const first = await t.app.inject({ url });
    expect(first.json().fields).toEqual([
      { label: 'Keyholder phone', value: '+44 7700 900123', dataType: 'Text' },
    ]);
    // `private`: only the visitor's own browser may keep what it showed.
    expect(first.headers['cache-control']).toMatch(/^private\b/);

    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/fields/${room.id}`,
      headers: t.headers.adminA,
      payload: fieldBody({ label: room.label, key: room.key, isPublic: false }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const again = await t.app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(200);
    expect(again.json().fields).toEqual([]);
    expect(again.body).not.toContain('900123');
  });

  it('limits one address, with 429 and Retry-After, and leaves others and signed-in routes alone', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Sprinkler' });
    const url = `/public/orgs/${asset.organizationId}/assets/${asset.slug}`;
    const from = (remoteAddress: string) => t.app.inject({ url, remoteAddress });
    for (let n = 0; n < LIMIT; n++) expect((await from('203.0.113.9')).statusCode).toBe(200);
    const limited = await from('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: PUBLIC_RATE_LIMIT_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The QR image and the files are the same pages' data: limited too.
    expect((await t.app.inject({ url: `${url}/qr.png`, remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
    expect((await from('198.51.100.4')).statusCode).toBe(200);
    const staff = await t.app.inject({
      url: `/api/assets/${asset.id}`,
      headers: t.headers.adminA,
      remoteAddress: '203.0.113.9',
    });
    expect(staff.statusCode).toBe(200);
  });
});
