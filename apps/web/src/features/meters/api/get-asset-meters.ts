import { type TMeter, ZMeter } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { meterKeys } from './meter-keys.ts';

/** GET /api/assets/{id}/meters: the asset's meters by name, each with its latest readings (its chart). */
export async function getAssetMeters(assetId: string, signal?: AbortSignal): Promise<TMeter[]> {
  const data = await apiRequest(
    `/api/assets/${encodeURIComponent(assetId)}/meters`,
    signal ? { signal } : {},
  );
  return ZMeter.array().parse(data);
}

/** The asset's meters (none asked for while `assetId` is empty). */
export function useAssetMeters(assetId: string) {
  return useQuery({
    queryKey: meterKeys.ofAsset(assetId),
    queryFn: ({ signal }) => getAssetMeters(assetId, signal),
    enabled: assetId !== '',
  });
}
