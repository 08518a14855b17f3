import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { locationKeys } from '../api/location-keys.ts';
import {
  BUILDING_ID,
  location,
  locationNode,
  locationOption,
  PLANT_ID,
  ROOM_ID,
} from '../location-fixtures.ts';
import { seenLocations } from './seen-locations.ts';

const YARD_ID = '0193f8a0-0000-7000-8000-00000000010d';

/** A cache as a user leaves it: the sites read, a type-ahead answer, then a location's page renamed since. */
function cacheOfSeenLocations() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    locationKeys.children(null),
    {
      pages: [
        {
          items: [locationNode(), locationNode({ id: YARD_ID, name: 'Yard', path: 'Yard', code: 'Y-1' })],
          total: 2,
          totalCapped: false,
          page: 1,
          pageSize: 200,
        },
      ],
      pageParams: [1],
    },
    { updatedAt: 1_000 },
  );
  queryClient.setQueryData(
    locationKeys.search('boil'),
    [
      locationOption(),
      locationOption({ id: BUILDING_ID, name: 'Building 2', path: 'Plant A / Building 2', depth: 2 }),
    ],
    { updatedAt: 2_000 },
  );
  queryClient.setQueryData(
    locationKeys.detail(ROOM_ID),
    location({ name: 'Boiler room 1', path: 'Plant A / Building 2 / Boiler room 1', code: 'B2-014' }),
    { updatedAt: 3_000 },
  );
  // Not a location answer: never a choice.
  queryClient.setQueryData(['assets', 'detail', 'a1'], { id: 'a1', name: 'Pump' }, { updatedAt: 4_000 });
  return queryClient;
}

describe('the locations seen on this device (the tree picker offline)', () => {
  it('finds them by every word of their path, whatever the case, `/` and `>` as spaces, shallowest first', () => {
    const queryClient = cacheOfSeenLocations();
    const found = seenLocations(queryClient, 'PLANT a > b');
    expect(found.locations.map((option) => option.path)).toEqual([
      'Plant A / Building 2',
      'Plant A / Building 2 / Boiler room 1',
    ]);
    expect(seenLocations(queryClient, 'plant/room').locations.map((option) => option.id)).toEqual([ROOM_ID]);
    expect(seenLocations(queryClient, 'cellar').locations).toEqual([]);
  });

  it('says each as read last, and when the newest answer was read', () => {
    const found = seenLocations(cacheOfSeenLocations(), 'boiler');
    expect(found.locations).toEqual([
      expect.objectContaining({ id: ROOM_ID, name: 'Boiler room 1', code: 'B2-014', depth: 3 }),
    ]);
    expect(found.seenAt).toBe(3_000);
  });

  it('offers the sites before any typing, and nothing (with no time) when none were seen', () => {
    expect(seenLocations(cacheOfSeenLocations(), ' ').locations.map((option) => option.id)).toEqual([
      PLANT_ID,
      YARD_ID,
    ]);
    expect(seenLocations(new QueryClient(), '')).toEqual({ locations: [], seenAt: null });
  });
});
