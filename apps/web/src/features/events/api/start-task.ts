import { type TMaintenanceEvent, ZMaintenanceEvent } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/assets/{assetId}/events/{eventId}/start: Pending to InProgress. */
export async function startTask(
  assetId: string,
  eventId: string,
  idempotencyKey?: string,
  /** When it was done, for an action sent later (ADR 085); absent: now. */
  occurredAt?: string,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(
    `/api/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}/start`,
    {
      method: 'POST',
      body: occurredAt ? { occurredAt } : {},
      ...(idempotencyKey ? { idempotencyKey } : {}),
    },
  );
  return ZMaintenanceEvent.parse(data);
}
