import { i18n } from '@lingui/core';
import type { TMaintenanceEvent } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { deleteEventQuestion } from '../texts.ts';

import { taskKeys } from './task-keys.ts';

/** DELETE /api/admin/assets/{assetId}/events/{eventId}: an event recorded by mistake (administrators). */
export async function deleteEvent(assetId: string, eventId: string): Promise<void> {
  await apiRequest(`/api/admin/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}`, {
    method: 'DELETE',
  });
}

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
    if (mutation.isPending || !window.confirm(i18n._(deleteEventQuestion(event.title)))) return;
    mutation.mutate(event);
  }
  return { run, mutation };
}
