import { type TSchedule, ZSchedule } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { scheduleKeys } from './schedule-keys.ts';

/** GET /api/schedules?assetId=&page=&pageSize=: one page of an asset's schedules, newest first. */
export async function getSchedules(
  query: { assetId: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TSchedule>> {
  const response = await apiSend('/api/schedules', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZSchedule.array().parse(await response.json()), query);
}

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
