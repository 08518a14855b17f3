import { DEFAULT_PAGE_SIZE, type TPendingTask, type TTaskDueFilter, ZPendingTask } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { NO_TASK_FILTERS, type TTaskFilters } from '../lib/task-filters.ts';
import { taskKeys } from './task-keys.ts';

/**
 * GET /api/tasks/pending?page=&pageSize=&due=&assignee=&assetId=&q=: Pending and InProgress events by
 * due date (tasks without one after, oldest performedAt first), overdue or due soon, assigned to the
 * caller, of one asset (searched by their titles).
 */
export async function getPendingTasks(
  query: {
    page?: number;
    pageSize?: number;
    due?: TTaskDueFilter | undefined;
    assignee?: 'me' | undefined;
    assetId?: string | undefined;
    q?: string | undefined;
  },
  signal?: AbortSignal,
): Promise<TPage<TPendingTask>> {
  const response = await apiSend('/api/tasks/pending', {
    query: {
      page: query.page,
      pageSize: query.pageSize,
      due: query.due,
      assignee: query.assignee,
      assetId: query.assetId,
      q: query.q || undefined,
    },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZPendingTask.array().parse(await response.json()), query);
}

/** One page of the organization's Pending and InProgress tasks, by due date, narrowed by the filters. */
export function usePendingTasks(page: number, filters: TTaskFilters = NO_TASK_FILTERS) {
  return useQuery({
    queryKey: taskKeys.pendingPage(page, filters),
    queryFn: ({ signal }) =>
      getPendingTasks(
        { page, pageSize: DEFAULT_PAGE_SIZE, due: filters.due, assignee: filters.mine ? 'me' : undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
