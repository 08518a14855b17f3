import { type TSchedule, type TScheduleBody, ZSchedule } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadSchedules } from './schedule-keys.ts';

/** POST /api/admin/schedules (a new schedule of the asset) or PUT /api/admin/schedules/{id} (an edit). */
export async function saveSchedule(
  target: { assetId: string; scheduleId?: string | undefined },
  body: TScheduleBody,
): Promise<TSchedule> {
  const answer = target.scheduleId
    ? await apiRequest(`/api/admin/schedules/${encodeURIComponent(target.scheduleId)}`, {
        method: 'PUT',
        body,
      })
    : await apiRequest('/api/admin/schedules', {
        method: 'POST',
        body: { ...body, assetId: target.assetId },
      });
  return ZSchedule.parse(answer);
}

/** Creates a schedule of the asset, or saves an edit of `scheduleId`. */
export function useSaveSchedule(assetId: string, scheduleId: string | undefined, onChanged?: () => void) {
  const reload = useReloadSchedules(onChanged);
  return useMutation({
    mutationFn: (body: TScheduleBody) => saveSchedule({ assetId, scheduleId }, body),
    onSuccess: reload,
  });
}
