import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

import { importKeys } from './import-keys.ts';

/** DELETE /api/admin/imports/{id}: the import leaves the list with its rows and problems; its assets stay. */
export async function discardImport(id: string): Promise<void> {
  await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}`, { method: 'DELETE' });
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
