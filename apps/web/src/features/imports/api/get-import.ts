import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/imports/{id}: one import with the first rows of its file. */
export async function getImport(id: string, signal?: AbortSignal): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZImportRun.parse(data);
}
