import { type TSchedule, ZSchedule } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

/** GET /api/schedules?assetId=&page=&pageSize=: one page of an asset's schedules, newest first. */
export async function getSchedules(
  query: { assetId: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TSchedule>> {
  const response = await apiSend('/api/schedules', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZSchedule.array().parse(await response.json()), query);
}
