import { type TSchedule, ZSchedule } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadSchedules } from './schedule-keys.ts';

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

/** Pauses, resumes or deletes a schedule. */
export function useChangeSchedule(onChanged?: () => void) {
  const reload = useReloadSchedules(onChanged);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TScheduleAction }) => changeSchedule(id, action),
    onSuccess: reload,
  });
}
