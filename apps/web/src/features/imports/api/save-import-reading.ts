import { type TImportReadingBody, type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/imports/{id}/reading: the file's encoding, and how it writes numbers and dates. */
export async function saveImportReading(id: string, reading: TImportReadingBody): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/reading`, {
    method: 'PUT',
    body: reading,
  });
  return ZImportRun.parse(data);
}
