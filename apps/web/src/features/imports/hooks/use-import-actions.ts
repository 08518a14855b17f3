import type { TImportColumnTarget, TImportReadingBody, TImportRun } from '@mqr/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { importKeys } from '../api/import-keys.ts';
import { saveImportMapping } from '../api/save-import-mapping.ts';
import { saveImportReading } from '../api/save-import-reading.ts';
import { startImportCheck } from '../api/start-import-check.ts';
import { startImportCommit } from '../api/start-import-commit.ts';

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

/** "Check the file": saves the mapping, then starts the dry run. */
export function useCheckImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (columns: TImportColumnTarget[]) => {
      await saveImportMapping(id, columns);
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
