import { type TImportMappingBody, type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/imports/{id}/mapping: one target per column of the file, and how rows match assets. */
export async function saveImportMapping(id: string, body: TImportMappingBody): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/mapping`, {
    method: 'PUT',
    body,
  });
  return ZImportRun.parse(data);
}
