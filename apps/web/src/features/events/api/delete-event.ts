import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/admin/assets/{assetId}/events/{eventId}: an event recorded by mistake (administrators). */
export async function deleteEvent(assetId: string, eventId: string): Promise<void> {
  await apiRequest(`/api/admin/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}`, {
    method: 'DELETE',
  });
}
