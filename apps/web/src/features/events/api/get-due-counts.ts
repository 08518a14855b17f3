import { type TDueCounts, ZDueCounts } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/tasks/due-counts: the open tasks overdue and due in the next 7 days, today in the organization. */
export async function getDueCounts(signal?: AbortSignal): Promise<TDueCounts> {
  return ZDueCounts.parse(await apiRequest('/api/tasks/due-counts', signal ? { signal } : {}));
}
