import { type TImportKind, type TImportRun, ZImportRun } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/imports?kind= (multipart, the "file" field): a new import with its proposed mapping. */
export async function uploadImport(file: File, kind: TImportKind): Promise<TImportRun> {
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await apiRequest('/api/admin/imports', { method: 'POST', query: { kind }, body });
  return ZImportRun.parse(data);
}
