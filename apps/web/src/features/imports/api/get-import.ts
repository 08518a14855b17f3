import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

import { importKeys } from './import-keys.ts';

/** GET /api/admin/imports/{id}: one import with the first rows of its file. */
export async function getImport(id: string, signal?: AbortSignal): Promise<TImportRun> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZImportRun.parse(data);
}

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** The background job of the import works on it: its progress moves, its mapping is fixed. */
export function isRunning(run: Pick<TImportRun, 'status'>): boolean {
  return run.status === 'Checking' || run.status === 'Importing';
}

/** One import, asked again every second while it is being checked or imported. */
export function useImport(id: string) {
  return useQuery({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}
