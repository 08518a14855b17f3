import { type TAsset, ZAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/assets/{id}/restore */
export async function restoreAsset(id: string): Promise<TAsset> {
  return ZAsset.parse(
    await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
  );
}
