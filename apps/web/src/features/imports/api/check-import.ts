import { type TImportMappingBody, type TImportRun, ZImportRun } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { showStartedJob } from './import-keys.ts';

/** PUT /api/admin/imports/{id}/mapping: one target per column of the file, and how rows match assets. */
export async function saveImportMapping(id: string, body: TImportMappingBody): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/mapping`, {
    method: 'PUT',
    body,
  });
  return ZImportRun.parse(data);
}

/** POST /api/admin/imports/{id}/check: starts the dry run in the background (status Checking). */
export async function startImportCheck(id: string): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/check`, { method: 'POST' });
  return ZImportRun.parse(data);
}

/** "Check the file": saves the mapping (and how rows match assets), then starts the dry run. */
export function useCheckImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: TImportMappingBody) => {
      await saveImportMapping(id, mapping);
      return startImportCheck(id);
    },
    ...showStartedJob(queryClient, id),
  });
}
