import { type TEventBody, type TMaintenanceEvent, ZMaintenanceEvent } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/assets/{assetId}/events */
export async function createEvent(assetId: string, body: TEventBody): Promise<TMaintenanceEvent> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(assetId)}/events`, {
    method: 'POST',
    body,
  });
  return ZMaintenanceEvent.parse(data);
}
