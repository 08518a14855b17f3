import { type TTaskChecklist, ZTaskChecklist } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** GET /api/events/{id}/checklist: the task's version of its checklist, its answers and summary. */
export async function getTaskChecklist(eventId: string, signal?: AbortSignal): Promise<TTaskChecklist> {
  const data = await apiRequest(
    `/api/events/${encodeURIComponent(eventId)}/checklist`,
    signal ? { signal } : {},
  );
  return ZTaskChecklist.parse(data);
}

/** A task's checklist: read now, or kept on this device and shown offline (ADR 090). */
export function useTaskChecklist(eventId: string) {
  return useQuery({
    queryKey: checklistKeys.task(eventId),
    queryFn: ({ signal }) => getTaskChecklist(eventId, signal),
  });
}
