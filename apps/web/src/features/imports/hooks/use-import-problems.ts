import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getImportProblems, type TFindingKind } from '../api/get-import-problems.ts';
import { importKeys } from '../api/import-keys.ts';

/** Problems listed per page. */
export const PROBLEMS_PAGE_SIZE = 50;

/** One page of the problems (or warnings) of an import's check (`checkedAt` tells one check from the next). */
export function useImportProblems(
  id: string,
  checkedAt: string,
  page: number,
  kind: TFindingKind = 'problems',
) {
  return useQuery({
    queryKey: importKeys.problems(id, checkedAt, page, kind),
    queryFn: ({ signal }) => getImportProblems(id, page, PROBLEMS_PAGE_SIZE, signal, kind),
    placeholderData: keepPreviousData,
  });
}
