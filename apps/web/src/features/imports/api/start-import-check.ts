import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/imports/{id}/check: starts the dry run in the background (status Checking). */
export async function startImportCheck(id: string): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/check`, { method: 'POST' });
  return ZImportRun.parse(data);
}
