import { type TSchedule, ZSchedule } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** What an administrator does to a schedule from its card. */
export type TScheduleAction = 'pause' | 'resume' | 'delete';

/** POST /api/admin/schedules/{id}/pause or /resume (the schedule after it), DELETE /api/admin/schedules/{id}. */
export async function changeSchedule(id: string, action: TScheduleAction): Promise<TSchedule | undefined> {
  const path = `/api/admin/schedules/${encodeURIComponent(id)}`;
  if (action === 'delete') {
    await apiRequest(path, { method: 'DELETE' });
    return undefined;
  }
  return ZSchedule.parse(await apiRequest(`${path}/${action}`, { method: 'POST', body: {} }));
}
