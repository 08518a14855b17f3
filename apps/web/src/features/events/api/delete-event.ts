import type { TMaintenanceEvent } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';

import { taskKeys } from './task-keys.ts';

/** DELETE /api/admin/assets/{assetId}/events/{eventId}: an event recorded by mistake (administrators). */
export async function deleteEvent(assetId: string, eventId: string): Promise<void> {
  await apiRequest(`/api/admin/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}`, {
    method: 'DELETE',
  });
}

/** The question an administrator confirms before deleting an event. */
export const deleteEventQuestion = (title: string) =>
  `Delete “${title}” for good? Its attachments and change history are deleted with it. The audit log keeps a record.`;

export const DELETE_EVENT_FAILED = 'The maintenance event could not be deleted.';

/**
 * Deletes a maintenance event after the administrator confirms; the asset's page and the pending
 * tasks reload (a deleted open task leaves them).
 */
export function useDeleteEvent(assetId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (event: TMaintenanceEvent) => deleteEvent(assetId, event.id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetKeys.detail(assetId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.pending() }),
      ]),
  });
  function run(event: TMaintenanceEvent) {
    if (mutation.isPending || !window.confirm(deleteEventQuestion(event.title))) return;
    mutation.mutate(event);
  }
  return { run, mutation };
}
