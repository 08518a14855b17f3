import { afterEach, describe, expect, it } from 'vitest';
import { clearOwner, offlineDb } from './offline-db.ts';
import {
  createReadCache,
  findKeptAsset,
  forgetOtherUsersReads,
  OFFLINE_COPY_HEADER,
  RECENT_ASSETS_KEPT,
} from './read-cache.ts';

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function keepAndSettle(cache: ReturnType<typeof createReadCache>, url: string, body: unknown) {
  cache.keep(url, json(body));
  // keep() writes in the background.
  await expect
    .poll(async () => (await (await offlineDb()).getAll('reads')).some((read) => read.url === url))
    .toBe(true);
}

describe('the read cache', () => {
  afterEach(async () => {
    await clearOwner('org:alice');
    await clearOwner('org:bob');
  });

  it("answers a user's kept reads to that user only, marked as an offline copy", async () => {
    let owner: string | null = 'org:alice';
    const cache = createReadCache(() => owner);
    await keepAndSettle(cache, '/api/assets/a1', {
      id: 'a1',
      name: 'Pump',
      organizationId: 'org',
      slug: 'pump',
    });
    const copy = await cache.match('/api/assets/a1');
    expect(await copy?.json()).toMatchObject({ name: 'Pump' });
    expect(copy?.headers.get(OFFLINE_COPY_HEADER)).toMatch(/^\d{4}-/);
    expect(copy?.headers.get('Content-Type')).toBe('application/json');

    owner = 'org:bob';
    expect(await cache.match('/api/assets/a1')).toBeUndefined();
    owner = null;
    expect(await cache.match('/api/assets/a1')).toBeUndefined();
  });

  it('keeps only the reads the field app needs', async () => {
    const cache = createReadCache(() => 'org:alice');
    await keepAndSettle(cache, '/api/tasks/pending?page=1&pageSize=20', []);
    cache.keep('/api/audit-logs?page=1', json([]));
    cache.keep('/api/assets?page=1', json([]));
    await keepAndSettle(cache, '/api/assets/a1/qr.png', {});
    const urls = (await (await offlineDb()).getAll('reads')).map((read) => read.url).sort();
    expect(urls).toEqual(['/api/assets/a1/qr.png', '/api/tasks/pending?page=1&pageSize=20']);
  });

  it(`keeps the ${RECENT_ASSETS_KEPT} assets opened last, with their QR codes, and finds one by its code`, async () => {
    const cache = createReadCache(() => 'org:alice');
    for (let n = 0; n <= RECENT_ASSETS_KEPT; n += 1) {
      if (n === 0) await keepAndSettle(cache, '/api/assets/a0/qr.png', {});
      await keepAndSettle(cache, `/api/assets/a${n}`, {
        id: `a${n}`,
        organizationId: 'org',
        slug: `pump-${n}`,
      });
    }
    expect(await cache.match('/api/assets/a0')).toBeUndefined();
    expect(await cache.match('/api/assets/a0/qr.png')).toBeUndefined();
    expect(await cache.match('/api/assets/a1')).toBeDefined();
    expect(await findKeptAsset('org:alice', 'org', `pump-${RECENT_ASSETS_KEPT}`)).toBe(
      `a${RECENT_ASSETS_KEPT}`,
    );
    expect(await findKeptAsset('org:bob', 'org', `pump-${RECENT_ASSETS_KEPT}`)).toBeNull();
  });

  it("forgets other users' reads when another user signs in", async () => {
    await keepAndSettle(
      createReadCache(() => 'org:alice'),
      '/api/auth/me',
      { email: 'a' },
    );
    await keepAndSettle(
      createReadCache(() => 'org:bob'),
      '/api/auth/me',
      { email: 'b' },
    );
    await forgetOtherUsersReads('org:bob');
    const owners = (await (await offlineDb()).getAll('reads')).map((read) => read.owner);
    expect(owners).toEqual(['org:bob']);
  });
});
