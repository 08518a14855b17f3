import type { TDeleteAssetBody } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/admin/assets/{id} (a retired asset, its name typed to confirm) */
export async function deleteAsset(id: string, body: TDeleteAssetBody): Promise<void> {
  await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}`, { method: 'DELETE', body });
}
