import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/imports: the 20 newest imports of the organization (without their preview). */
export async function getImports(signal?: AbortSignal): Promise<TImportRun[]> {
  const data = await apiRequest('/api/admin/imports', signal ? { signal } : {});
  return ZImportRun.array().parse(data);
}
