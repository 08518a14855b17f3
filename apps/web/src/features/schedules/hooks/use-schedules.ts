import type { TAssetSelection, TScheduleBody } from '@mqr/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applySchedule } from '../api/apply-schedule.ts';
import { changeSchedule, type TScheduleAction } from '../api/change-schedule.ts';
import { getAssignableUsers } from '../api/get-assignable-users.ts';
import { getSchedules } from '../api/get-schedules.ts';
import { saveSchedule } from '../api/save-schedule.ts';
import { scheduleKeys } from '../api/schedule-keys.ts';

/** Schedules an asset page shows at once; a pager reaches the others. */
export const SCHEDULE_PAGE_SIZE = 20;

/** One page of an asset's schedules. */
export function useAssetSchedules(assetId: string, page: number) {
  return useQuery({
    queryKey: scheduleKeys.ofAssetPage(assetId, page),
    queryFn: ({ signal }) => getSchedules({ assetId, page, pageSize: SCHEDULE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The people a schedule's tasks can be assigned to (only asked for while the form is open). */
export function useAssignableUsers() {
  return useQuery({
    queryKey: scheduleKeys.assignees(),
    queryFn: ({ signal }) => getAssignableUsers(signal),
    staleTime: 60_000,
  });
}

/**
 * A change to schedules reloads them, then what else it changed (`onChanged`: the asset's next
 * service due and its new tasks, the asset list).
 */
function useReload(onChanged: (() => void) | undefined) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    onChanged?.();
  };
}

/** Creates a schedule of the asset, or saves an edit of `scheduleId`. */
export function useSaveSchedule(assetId: string, scheduleId: string | undefined, onChanged?: () => void) {
  const reload = useReload(onChanged);
  return useMutation({
    mutationFn: (body: TScheduleBody) => saveSchedule({ assetId, scheduleId }, body),
    onSuccess: reload,
  });
}

/** Creates the same schedule on each selected asset. */
export function useApplySchedule(selection: TAssetSelection, onChanged?: () => void) {
  const reload = useReload(onChanged);
  return useMutation({
    mutationFn: (body: TScheduleBody) => applySchedule(selection, body),
    onSuccess: reload,
  });
}

/** Pauses, resumes or deletes a schedule. */
export function useChangeSchedule(onChanged?: () => void) {
  const reload = useReload(onChanged);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TScheduleAction }) => changeSchedule(id, action),
    onSuccess: reload,
  });
}
