import { type TAsset, type TAssetBody, ZAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/assets/{id} */
export async function updateAsset(id: string, body: TAssetBody): Promise<TAsset> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZAsset.parse(data);
}
