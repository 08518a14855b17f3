import type { TLocation, TLocationNode, TLocationOption } from '@mqr/contracts';

export const PLANT_ID = '0193f8a0-0000-7000-8000-00000000010a';
export const BUILDING_ID = '0193f8a0-0000-7000-8000-00000000010b';
export const ROOM_ID = '0193f8a0-0000-7000-8000-00000000010c';

/** A row of the tree (GET /api/locations): a site with one building, by default. */
export function locationNode(overrides: Partial<TLocationNode> = {}): TLocationNode {
  return {
    id: PLANT_ID,
    name: 'Plant A',
    code: null,
    parentId: null,
    path: 'Plant A',
    depth: 1,
    childCount: 1,
    counts: { assets: 12, openTasks: 4, overdue: 2, dueSoon: 1 },
    ...overrides,
  };
}

/** The boiler room of building 2 as a row of the tree. */
export function roomNode(overrides: Partial<TLocationNode> = {}): TLocationNode {
  return locationNode({
    id: ROOM_ID,
    name: 'Boiler room',
    parentId: BUILDING_ID,
    path: 'Plant A / Building 2 / Boiler room',
    depth: 3,
    childCount: 0,
    counts: { assets: 3, openTasks: 2, overdue: 1, dueSoon: 0 },
    ...overrides,
  });
}

/** A location as GET /api/locations/{id} answers it: the boiler room of building 2, by default. */
export function location(overrides: Partial<TLocation> = {}): TLocation {
  return {
    ...roomNode(),
    slug: 'boiler-room-x1',
    address: null,
    notes: null,
    ancestors: [
      { id: PLANT_ID, name: 'Plant A' },
      { id: BUILDING_ID, name: 'Building 2' },
    ],
    directAssets: 3,
    qrCodeUrl: `/api/locations/${ROOM_ID}/qr.png`,
    publicUrl: 'http://localhost:3000/l/org-1/boiler-room-x1',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A type-ahead answer (GET /api/locations/search). */
export function locationOption(overrides: Partial<TLocationOption> = {}): TLocationOption {
  const { id, name, code, parentId, path, depth } = location();
  return { id, name, code, parentId, path, depth, ...overrides };
}
