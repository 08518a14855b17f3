import type { TImportMappingBody, TImportReadingBody, TImportRun } from '@mqr/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discardImport } from '../api/discard-import.ts';
import { importKeys } from '../api/import-keys.ts';
import { saveImportMapping } from '../api/save-import-mapping.ts';
import { saveImportReading } from '../api/save-import-reading.ts';
import { startImportCheck } from '../api/start-import-check.ts';
import { startImportCommit } from '../api/start-import-commit.ts';
import { getImportUndo, undoImport } from '../api/undo-import.ts';

/**
 * Shows a started job's status at once (the answer has no preview: the one shown is kept), then
 * reloads the import, whose polling follows the job, and the recent imports.
 */
function started(queryClient: QueryClient, id: string) {
  return {
    onSuccess: (run: TImportRun) =>
      queryClient.setQueryData<TImportRun>(importKeys.detail(id), (old) =>
        old ? { ...run, preview: old.preview } : run,
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: importKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  };
}

/** "Check the file": saves the mapping (and how rows match assets), then starts the dry run. */
export function useCheckImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: TImportMappingBody) => {
      await saveImportMapping(id, mapping);
      return startImportCheck(id);
    },
    ...started(queryClient, id),
  });
}

/** "Import {N} assets": starts the commit of a checked import without problems. */
export function useCommitImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => startImportCommit(id), ...started(queryClient, id) });
}

/** "Read the file again": another encoding, number or date format; the answer has the new preview. */
export function useReadImportAgain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reading: TImportReadingBody) => saveImportReading(id, reading),
    onSuccess: (run: TImportRun) => queryClient.setQueryData<TImportRun>(importKeys.detail(id), run),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: importKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
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

/** "Discard" in the recent imports: the list is loaded again. */
export function useDiscardImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discardImport(id),
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: importKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}
