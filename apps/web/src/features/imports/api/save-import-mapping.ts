import { type TImportColumnTarget, type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/imports/{id}/mapping: one target per column of the file, in the file's order. */
export async function saveImportMapping(id: string, columns: TImportColumnTarget[]): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/mapping`, {
    method: 'PUT',
    body: { columns },
  });
  return ZImportRun.parse(data);
}
