import { type TChecklistTemplateSummary, ZChecklistTemplateSummary } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Templates a page of the administration list shows. */
export const CHECKLISTS_PAGE_SIZE = 25;

/**
 * GET /api/checklists?q=&page=&pageSize=&archived=: the organization's templates by name (the archived
 * ones instead with `archived`), with the paging headers.
 */
export async function getChecklists(
  query: { q: string; page: number; pageSize: number; archived?: boolean },
  signal?: AbortSignal,
): Promise<TPage<TChecklistTemplateSummary>> {
  const response = await apiSend('/api/checklists', {
    query: {
      q: query.q.trim(),
      page: query.page,
      pageSize: query.pageSize,
      ...(query.archived ? { archived: 'true' } : {}),
    },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZChecklistTemplateSummary.array().parse(await response.json()), query);
}

/** A page of the templates whose name has `q`, archived or not (the page before stays shown while the next loads). */
export function useChecklists(q: string, page: number, archived: boolean) {
  return useQuery({
    queryKey: checklistKeys.list(q.trim(), page, archived),
    queryFn: ({ signal }) => getChecklists({ q, page, pageSize: CHECKLISTS_PAGE_SIZE, archived }, signal),
    placeholderData: keepPreviousData,
  });
}
