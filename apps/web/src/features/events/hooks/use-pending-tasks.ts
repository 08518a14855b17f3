import { DEFAULT_PAGE_SIZE } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPendingTasks } from '../api/get-pending-tasks.ts';
import { taskKeys } from '../api/task-keys.ts';

/** One page of the organization's Pending and InProgress tasks, oldest performedAt first. */
export function usePendingTasks(page: number) {
  return useQuery({
    queryKey: taskKeys.pendingPage(page),
    queryFn: ({ signal }) => getPendingTasks({ page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
