import { type TImportRun, type TImportUndoPreview, ZImportRun, ZImportUndoPreview } from '@mqr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { importKeys } from './import-keys.ts';

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

/** What undoing the import would do, asked when its dialog opens (never kept: assets change). */
export function useImportUndoPreview(id: string) {
  return useQuery({
    queryKey: importKeys.undo(id),
    queryFn: ({ signal }) => getImportUndo(id, signal),
    gcTime: 0,
    staleTime: 0,
  });
}

/** "Undo import": then everything cached may be out of date (deleted assets, values put back). */
export function useUndoImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoImport(id),
    onSuccess: (run) =>
      queryClient.setQueryData<TImportRun>(importKeys.detail(id), (old) =>
        old ? { ...run, preview: old.preview } : run,
      ),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
