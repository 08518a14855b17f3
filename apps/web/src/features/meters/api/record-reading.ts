import { type TMeter, type TMeterReadingResult, ZMeterReadingResult } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { type TQueuedReading, useOfflineWrites } from '#web/lib/offline-writes.ts';
import { useReloadMeters } from './meter-keys.ts';

export type TReadingBody = TQueuedReading['body'];

/**
 * POST /api/meters/{id}/readings: records a reading (422 when it goes backwards, 409
 * CONFIRM_REQUIRED for an unusual jump until sent with confirm). The answer names the usage
 * schedules it made due, their tasks created with it.
 */
export async function recordReading(
  meterId: string,
  body: TReadingBody,
  idempotencyKey: string,
): Promise<TMeterReadingResult> {
  const data = await apiRequest(`/api/meters/${encodeURIComponent(meterId)}/readings`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
  return ZMeterReadingResult.parse(data);
}

/** A reading sent, or kept on this device for later (offline). */
export type TReadingOutcome = { recorded: TMeterReadingResult } | { queued: TQueuedReading };

/** Whether the server asks to confirm an unusual jump (send it again with confirm: true). */
export const needsConfirm = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'CONFIRM_REQUIRED';

/**
 * Records readings of one meter. Online, the meters reload, and what a usage schedule's new task
 * changes (`onChanged`: the asset, its tasks and schedules). Offline (or when the connection drops),
 * the reading waits in the outbox with the time it was entered, sent in order when it returns.
 */
export function useRecordReading(
  meter: Pick<TMeter, 'id' | 'assetId' | 'name' | 'unit'>,
  onChanged?: () => void,
) {
  const reload = useReloadMeters(onChanged);
  const offline = useOfflineWrites();
  return useMutation({
    mutationFn: async (body: TReadingBody): Promise<TReadingOutcome> => {
      const queued: TQueuedReading = {
        kind: 'meter-reading',
        assetId: meter.assetId,
        meterId: meter.id,
        meterName: meter.name,
        unit: meter.unit,
        body,
        occurredAt: new Date().toISOString(),
      };
      const keep = async () => {
        await offline?.queue(queued);
        return { queued };
      };
      if (offline?.isOffline()) return keep();
      try {
        return { recorded: await recordReading(meter.id, body, crypto.randomUUID()) };
      } catch (error) {
        if (offline && error instanceof ApiError && error.isNetworkError) return keep();
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if ('recorded' in outcome) reload();
    },
  });
}
