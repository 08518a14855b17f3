import { type TAgenda, type TCalendarAssignee, ZAgenda } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/calendar/agenda: the range's items in order, a page at a time after `after`. */
export async function getAgenda(
  query: { from: string; to: string; assignee: TCalendarAssignee; after?: string | undefined },
  signal?: AbortSignal,
): Promise<TAgenda> {
  return ZAgenda.parse(await apiRequest('/api/calendar/agenda', { query, ...(signal ? { signal } : {}) }));
}
