import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { showStartedJob } from './import-keys.ts';

/** POST /api/admin/imports/{id}/commit: imports a checked file without problems, in the background. */
export async function startImportCommit(id: string): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/commit`, { method: 'POST' });
  return ZImportRun.parse(data);
}

/** "Import {N} assets": starts the commit of a checked import without problems. */
export function useCommitImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => startImportCommit(id), ...showStartedJob(queryClient, id) });
}
