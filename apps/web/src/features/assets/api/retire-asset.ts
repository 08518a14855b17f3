import { type TAsset, ZAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/assets/{id}/retire */
export async function retireAsset(id: string): Promise<TAsset> {
  return ZAsset.parse(
    await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}/retire`, { method: 'POST' }),
  );
}
