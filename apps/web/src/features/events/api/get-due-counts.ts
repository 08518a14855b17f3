import { type TDueCounts, ZDueCounts } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

import { taskKeys } from './task-keys.ts';

/** GET /api/tasks/due-counts: the open tasks overdue and due in the next 7 days, today in the organization. */
export async function getDueCounts(signal?: AbortSignal): Promise<TDueCounts> {
  return ZDueCounts.parse(await apiRequest('/api/tasks/due-counts', signal ? { signal } : {}));
}

/** The organization's open tasks overdue and due in the next 7 days (the members' dashboard cards). */
export function useDueCounts(enabled = true) {
  return useQuery({ queryKey: taskKeys.dueCounts(), queryFn: ({ signal }) => getDueCounts(signal), enabled });
}
