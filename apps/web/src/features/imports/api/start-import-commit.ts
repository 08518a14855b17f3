import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/imports/{id}/commit: imports a checked file without problems, in the background. */
export async function startImportCommit(id: string): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/commit`, { method: 'POST' });
  return ZImportRun.parse(data);
}
