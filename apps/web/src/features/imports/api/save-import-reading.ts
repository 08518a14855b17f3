import { type TImportReadingBody, type TImportRun, ZImportRun } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { importKeys } from './import-keys.ts';

/** PUT /api/admin/imports/{id}/reading: the file's encoding, and how it writes numbers and dates. */
export async function saveImportReading(id: string, reading: TImportReadingBody): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/reading`, {
    method: 'PUT',
    body: reading,
  });
  return ZImportRun.parse(data);
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
