import { type TAsset, type TAssetBody, ZAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/assets */
export async function createAsset(body: TAssetBody): Promise<TAsset> {
  const data = await apiRequest('/api/assets', { method: 'POST', body });
  return ZAsset.parse(data);
}
