import type { TImportRun } from '@mqr/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** react-query keys of the import screens. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
  /** One page of the problems of one check (`checkedAt`: the import's updatedAt when it was checked). */
  problems: (id: string, checkedAt: string, page: number, kind: 'problems' | 'warnings' = 'problems') =>
    [...importKeys.detail(id), kind, checkedAt, page] as const,
  /** What undoing the import would do. */
  undo: (id: string) => [...importKeys.detail(id), 'undo'] as const,
};

/**
 * Shows a started job's status at once (the answer has no preview: the one shown is kept), then
 * reloads the import, whose polling follows the job, and the recent imports.
 */
export function showStartedJob(queryClient: QueryClient, id: string) {
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
