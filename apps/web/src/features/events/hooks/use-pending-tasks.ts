import { DEFAULT_PAGE_SIZE } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPendingTasks } from '../api/get-pending-tasks.ts';
import { taskKeys } from '../api/task-keys.ts';
import { NO_TASK_FILTERS, type TTaskFilters } from '../lib/task-filters.ts';

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
