import { type TMeterReading, ZMeterReading } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { meterKeys } from './meter-keys.ts';

/** Readings a page of a meter's history shows. */
export const READINGS_PAGE_SIZE = 20;

/** GET /api/meters/{id}/readings: one page of the meter's readings, latest first. */
export async function getMeterReadings(
  meterId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TMeterReading>> {
  const query = { page, pageSize: READINGS_PAGE_SIZE };
  const response = await apiSend(`/api/meters/${encodeURIComponent(meterId)}/readings`, {
    query,
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZMeterReading.array().parse(await response.json()), query);
}

export function useMeterReadings(meterId: string, page: number) {
  return useQuery({
    queryKey: meterKeys.readingsPage(meterId, page),
    queryFn: ({ signal }) => getMeterReadings(meterId, page, signal),
    placeholderData: keepPreviousData,
  });
}
