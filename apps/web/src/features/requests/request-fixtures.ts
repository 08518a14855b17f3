import type { TRequestDetail, TRequestListItem } from '@mqr/contracts';

/** Test data for the staff's requests screens. */
export const REQUEST_ASSET = {
  id: '0193f8a0-0000-7000-8000-0000000000a1',
  name: 'Boiler 3',
  slug: 'boiler-3-x7k2',
};

export function requestItem(overrides: Partial<TRequestListItem> = {}): TRequestListItem {
  return {
    id: 'req-1',
    asset: REQUEST_ASSET,
    urgency: 'stopped',
    description: 'The boiler makes a loud noise',
    hasEmail: false,
    photoCount: 0,
    meTooCount: 0,
    state: 'new',
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

export function requestDetail(overrides: Partial<TRequestDetail> = {}): TRequestDetail {
  return { ...requestItem(), photos: [], ...overrides };
}
