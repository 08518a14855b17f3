import { type TImportProblem, ZImportProblem } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/imports/{id}/problems?page=&pageSize=: the check's problems in file order. */
export async function getImportProblems(
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TImportProblem[]> {
  const data = await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}/problems`, {
    query: { page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return ZImportProblem.array().parse(data);
}

/** Where the problems download as CSV. */
export function importProblemsCsvUrl(id: string): string {
  return `/api/admin/imports/${encodeURIComponent(id)}/problems.csv`;
}
