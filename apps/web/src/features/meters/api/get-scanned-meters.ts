import { type TAssetMeters, ZAssetMeters } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { meterKeys } from './meter-keys.ts';

/** GET /api/meters?assetSlug=: the meters of the asset a scanned code names, with its id. */
export async function getScannedMeters(slug: string, signal?: AbortSignal): Promise<TAssetMeters> {
  const data = await apiRequest('/api/meters', { query: { assetSlug: slug }, ...(signal ? { signal } : {}) });
  return ZAssetMeters.parse(data);
}

/** The scanned asset's meters, for staff of its organization (`enabled`). */
export function useScannedMeters(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: meterKeys.ofSlug(slug),
    queryFn: ({ signal }) => getScannedMeters(slug, signal),
    enabled,
    retry: false,
  });
}
