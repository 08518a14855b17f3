import { type TEventBody, type TMaintenanceEvent, ZMaintenanceEvent } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/assets/{assetId}/events/{eventId}: `files` is the whole attachment list after the save. */
export async function updateEvent(
  assetId: string,
  eventId: string,
  body: TEventBody,
  idempotencyKey?: string,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(
    `/api/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}`,
    { method: 'PUT', body, ...(idempotencyKey ? { idempotencyKey } : {}) },
  );
  return ZMaintenanceEvent.parse(data);
}
