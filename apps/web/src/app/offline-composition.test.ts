import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { locationKeys } from '#web/features/locations/api/location-keys.ts';
import { seenLocations } from '#web/features/locations/lib/seen-locations.ts';
import {
  locationNode,
  locationOption,
  PLANT_ID,
  ROOM_ID,
} from '#web/features/locations/location-fixtures.ts';
import { boundKeptReads } from '#web/features/offline/index.ts';
import { keepCopies } from '#web/features/offline/lib/kept-copies.ts';
import { clearOwner } from '#web/features/offline/lib/offline-db.ts';
import { KEPT_READS, LOCATION_READS_KEPT } from './offline-composition.tsx';

const OWNER = 'org:tech';

/** The app's query client at a start of the app, keeping what the app keeps. */
async function startApp() {
  const queryClient = new QueryClient();
  boundKeptReads(queryClient, KEPT_READS);
  const copies = keepCopies(queryClient, {
    owner: OWNER,
    currentOwner: () => OWNER,
    reads: KEPT_READS,
    buster: 'v1',
  });
  await copies.restored;
  return { queryClient, copies };
}

const sites = (ids: string[]) => ({
  pages: [
    {
      items: ids.map((id) => locationNode({ id, name: id, path: id })),
      total: ids.length,
      totalCapped: false,
      page: 1,
      pageSize: 200,
    },
  ],
  pageParams: [1],
});

describe('the locations kept on this device (ADR 127)', () => {
  afterEach(() => clearOwner(OWNER));

  it('keeps the tree levels and type-ahead answers read, with when they were read: the picker has them at the next start offline', async () => {
    const first = await startApp();
    first.queryClient.setQueryData(locationKeys.children(null), sites([PLANT_ID]), { updatedAt: 1_000 });
    first.queryClient.setQueryData(locationKeys.search('boil'), [locationOption()], { updatedAt: 2_000 });
    await expect
      .poll(async () => {
        const next = new QueryClient();
        const copies = keepCopies(next, {
          owner: OWNER,
          currentOwner: () => null,
          reads: KEPT_READS,
          buster: 'v1',
        });
        await copies.restored;
        copies.stop();
        return next.getQueryData(locationKeys.search('boil'));
      })
      .toEqual([locationOption()]);
    first.copies.stop();

    const again = await startApp();
    const seen = seenLocations(again.queryClient, 'boiler');
    expect(seen.locations.map((option) => option.id)).toEqual([ROOM_ID]);
    expect(seen.seenAt).toBe(2_000);
    expect(seenLocations(again.queryClient, '').locations.map((option) => option.id)).toEqual([PLANT_ID]);
    again.copies.stop();
  });

  it('keeps as many levels and answers as it says, the ones read last', async () => {
    const { queryClient, copies } = await startApp();
    for (let index = 0; index <= LOCATION_READS_KEPT; index += 1) {
      queryClient.setQueryData(locationKeys.search(`q${index}`), [], { updatedAt: index + 1 });
    }
    expect(queryClient.getQueryCache().findAll({ queryKey: locationKeys.searches() })).toHaveLength(
      LOCATION_READS_KEPT,
    );
    expect(queryClient.getQueryData(locationKeys.search('q0'))).toBeUndefined();
    copies.stop();
  });
});
