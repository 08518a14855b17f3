import type { TAssetListViewInput } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';

/** react-query keys of the staff asset screens. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (query: { view: TAssetListViewInput; page: number; columns: string[] }) =>
    [...assetKeys.all, 'list', query] as const,
  /** Every asset's page. */
  details: () => [...assetKeys.all, 'detail'] as const,
  detail: (id: string) => [...assetKeys.details(), id] as const,
  /** Every staff QR image. */
  qrImages: () => [...assetKeys.all, 'qr'] as const,
  qr: (url: string) => [...assetKeys.qrImages(), url] as const,
};

/** Every cached asset list and page reloads after an action on a selection (values, retirements). */
export function useReloadAssets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}
