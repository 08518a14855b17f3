import type { TAssetListViewInput } from '@mqr/contracts';

/** react-query keys of the staff asset screens. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (query: { view: TAssetListViewInput; page: number; columns: string[] }) =>
    [...assetKeys.all, 'list', query] as const,
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
  qr: (url: string) => [...assetKeys.all, 'qr', url] as const,
};
