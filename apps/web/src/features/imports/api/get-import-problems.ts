import { type TImportProblem, ZImportProblem } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

import { importKeys } from './import-keys.ts';

/** What a check lists: the problems that stop an import, or the warnings that let it go on. */
export type TFindingKind = 'problems' | 'warnings';

/** GET /api/admin/imports/{id}/problems (or /warnings)?page=&pageSize=: the check's findings in file order. */
export async function getImportProblems(
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  kind: TFindingKind = 'problems',
): Promise<TImportProblem[]> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/${kind}`, {
    query: { page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return ZImportProblem.array().parse(data);
}

/** Where the problems download as CSV. */
export function importProblemsCsvUrl(id: string): string {
  return `/api/admin/imports/${encodeURIComponent(id)}/problems.csv`;
}

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
