import type { TLocation } from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocationViaApi } from '#server/test/location-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const w = tenantWorld();
let room: TLocation;
let otherOrgs: TLocation;

beforeAll(async () => {
  room = await createLocationViaApi(w.app, w.headers.adminA, { name: 'Boiler room' });
  otherOrgs = await createLocationViaApi(w.app, w.headers.adminB, { name: 'Depot' });
});

const slugOf = (location: TLocation) => new URL(location.publicUrl).pathname.split('/').at(-1)!;

describe('a location found by the slug of its QR code', () => {
  it('answers the location a staff member scanned (its page opens from /l/{organizationId}/{slug})', async () => {
    const response = await w.app.inject({
      method: 'GET',
      url: `/api/locations/${slugOf(room)}`,
      headers: w.headers.memberA,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TLocation>()).toMatchObject({ id: room.id, name: 'Boiler room' });
  });

  it('answers 404 for another organization’s slug, and for a slug that is none', async () => {
    for (const slug of [slugOf(otherOrgs), 'no-such-room', 'x'.repeat(300)]) {
      const response = await w.app.inject({
        method: 'GET',
        url: `/api/locations/${slug}`,
        headers: w.headers.memberA,
      });
      expect(response.statusCode, slug).toBe(404);
    }
  });
});
