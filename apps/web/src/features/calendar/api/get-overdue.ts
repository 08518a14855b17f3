import { type TAgenda, type TCalendarAssignee, ZAgenda } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/calendar/overdue: the open tasks due before today, oldest first, a page at a time after `after`. */
export async function getOverdue(
  query: { assignee: TCalendarAssignee; after?: string | undefined },
  signal?: AbortSignal,
): Promise<TAgenda> {
  return ZAgenda.parse(await apiRequest('/api/calendar/overdue', { query, ...(signal ? { signal } : {}) }));
}
