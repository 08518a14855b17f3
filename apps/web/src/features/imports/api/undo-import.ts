import { type TImportRun, type TImportUndoPreview, ZImportRun, ZImportUndoPreview } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/imports/{id}/undo: what undoing would do, and which assets changed since. */
export async function getImportUndo(id: string, signal?: AbortSignal): Promise<TImportUndoPreview> {
  const data = await apiRequest(
    `/api/admin/imports/${encodeURIComponent(id)}/undo`,
    signal ? { signal } : {},
  );
  return ZImportUndoPreview.parse(data);
}

/** POST /api/admin/imports/{id}/undo: deletes what the import created and puts back what it updated. */
export async function undoImport(id: string): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/undo`, { method: 'POST' });
  return ZImportRun.parse(data);
}
