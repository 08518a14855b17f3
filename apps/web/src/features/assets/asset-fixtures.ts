import type { TAsset, TAssetListItem } from '@mqr/contracts';

/** Test data for the staff asset screens. */
export const ORG_ID = '0193f8a0-0000-7000-8000-000000000001';
export const ASSET_ID = '0193f8a0-0000-7000-8000-0000000000a1';

export function asset(overrides: Partial<TAsset> = {}): TAsset {
  return {
    id: ASSET_ID,
    name: 'Boiler 3',
    slug: 'boiler-3-x7k2',
    description: 'Basement boiler',
    externalId: null,
    organizationId: ORG_ID,
    qrCodeUrl: `/api/assets/${ASSET_ID}/qr.png`,
    createdAt: '2026-01-05T10:00:00.000Z',
    retiredAt: null,
    updatedAt: '2026-01-05T10:00:00.000Z',
    publicUrl: `http://localhost:3000/a/${ORG_ID}/boiler-3-x7k2`,
    fields: [],
    events: [],
    eventsNextAfter: null,
    eventCount: overrides.events?.length ?? 0,
    files: [],
    nextServiceDue: null,
    overdue: false,
    location: null,
    parentAsset: null,
    componentCount: 0,
    reportingEnabled: true,
    ...overrides,
  };
}

/** A row of the asset list (GET /api/assets). */
export function assetListItem(overrides: Partial<TAssetListItem> = {}): TAssetListItem {
  const {
    publicUrl,
    externalId,
    fields,
    events,
    eventsNextAfter,
    eventCount,
    files,
    location,
    parentAsset,
    componentCount,
    ...summary
  } = asset();
  return { ...summary, values: {}, locationId: null, locationPath: null, parentAssetId: null, ...overrides };
}
