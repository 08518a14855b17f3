import { type TAsset, ZAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/assets/{id} */
export async function getAsset(id: string, signal?: AbortSignal): Promise<TAsset> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZAsset.parse(data);
}
