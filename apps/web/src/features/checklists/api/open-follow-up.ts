import { type TFollowUp, type TFollowUpBody, ZFollowUp } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { useOfflineWrites } from '#web/lib/offline-writes.ts';
import { checklistKeys } from './checklist-keys.ts';

/**
 * POST /api/events/{id}/follow-ups: a Pending task on the same asset, linked to the step; one per
 * step (asking again answers the one already opened).
 */
export async function openFollowUp(
  eventId: string,
  body: TFollowUpBody,
  idempotencyKey?: string,
): Promise<TFollowUp> {
  const data = await apiRequest(`/api/events/${encodeURIComponent(eventId)}/follow-ups`, {
    method: 'POST',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZFollowUp.parse(data);
}

export type TFollowUpOpened = { opened: TFollowUp } | { queued: true };

/**
 * Opens a follow-up task from a flagged step: sent now, or kept in the outbox while offline (and
 * when the connection drops), after the step's own answer. The asset's page and the checklist read
 * again once it is opened.
 */
export function useOpenFollowUp(task: { eventId: string; assetId: string }) {
  const queryClient = useQueryClient();
  const offline = useOfflineWrites();
  return async (body: { stepKey: string; title: string; notes: string | null }): Promise<TFollowUpOpened> => {
    const keep = async () => {
      await offline?.queue({
        kind: 'checklist-follow-up',
        assetId: task.assetId,
        eventId: task.eventId,
        ...body,
        occurredAt: new Date().toISOString(),
      });
      return { queued: true } as const;
    };
    if (offline?.isOffline()) return keep();
    try {
      const opened = await openFollowUp(task.eventId, body, crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: assetKeys.detail(task.assetId) });
      void queryClient.invalidateQueries({ queryKey: checklistKeys.task(task.eventId) });
      return { opened };
    } catch (error) {
      if (offline && error instanceof ApiError && error.isNetworkError) return keep();
      throw error;
    }
  };
}
