import { type TImportRun, ZImportRun } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { IMPORT_POLL_MS, isRunning } from './get-import.ts';
import { importKeys } from './import-keys.ts';

/** GET /api/admin/imports: the 20 newest imports of the organization (without their preview). */
export async function getImports(signal?: AbortSignal): Promise<TImportRun[]> {
  const data = await apiRequest('/api/admin/imports', signal ? { signal } : {});
  return ZImportRun.array().parse(data);
}

/** The recent imports, reloaded while one of them is being checked or imported. */
export function useImports() {
  return useQuery({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    refetchInterval: (query) =>
      query.state.data?.some((run) => isRunning(run)) ? IMPORT_POLL_MS * 2 : false,
  });
}
