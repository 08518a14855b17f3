import { useQuery } from '@tanstack/react-query';
import { getDueCounts } from '../api/get-due-counts.ts';
import { taskKeys } from '../api/task-keys.ts';

/** The organization's open tasks overdue and due in the next 7 days (the members' dashboard cards). */
export function useDueCounts(enabled = true) {
  return useQuery({ queryKey: taskKeys.dueCounts(), queryFn: ({ signal }) => getDueCounts(signal), enabled });
}
