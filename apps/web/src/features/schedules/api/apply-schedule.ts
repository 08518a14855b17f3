import {
  type TApplyScheduleResult,
  type TAssetSelection,
  type TScheduleBody,
  ZApplyScheduleResult,
} from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadSchedules } from './schedule-keys.ts';

/** POST /api/admin/schedules/apply: the same schedule on each selected asset (ticked ids or the list's view). */
export async function applySchedule(
  selection: TAssetSelection,
  body: TScheduleBody,
): Promise<TApplyScheduleResult> {
  return ZApplyScheduleResult.parse(
    await apiRequest('/api/admin/schedules/apply', { method: 'POST', body: { ...body, ...selection } }),
  );
}

/** Creates the same schedule on each selected asset. */
export function useApplySchedule(selection: TAssetSelection, onChanged?: () => void) {
  const reload = useReloadSchedules(onChanged);
  return useMutation({
    mutationFn: (body: TScheduleBody) => applySchedule(selection, body),
    onSuccess: reload,
  });
}
