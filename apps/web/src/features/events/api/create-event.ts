import { type TEventBody, type TMaintenanceEvent, ZMaintenanceEvent } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/assets/{assetId}/events */
export async function createEvent(
  assetId: string,
  body: TEventBody,
  idempotencyKey?: string,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(assetId)}/events`, {
    method: 'POST',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZMaintenanceEvent.parse(data);
}
