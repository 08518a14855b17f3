import { useQuery } from '@tanstack/react-query';
import { getImports } from '../api/get-imports.ts';
import { importKeys } from '../api/import-keys.ts';
import { IMPORT_POLL_MS, isRunning } from './use-import.ts';

/** The recent imports, reloaded while one of them is being checked or imported. */
export function useImports() {
  return useQuery({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    refetchInterval: (query) =>
      query.state.data?.some((run) => isRunning(run)) ? IMPORT_POLL_MS * 2 : false,
  });
}
