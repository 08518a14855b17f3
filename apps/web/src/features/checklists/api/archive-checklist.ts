import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadTemplates } from './checklist-keys.ts';

/** DELETE /api/admin/checklists/{id}: archived (schedules stop attaching it; tasks keep theirs). */
export async function archiveChecklist(id: string): Promise<void> {
  await apiRequest(`/api/admin/checklists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useArchiveChecklist() {
  const reload = useReloadTemplates();
  return useMutation({ mutationFn: archiveChecklist, onSettled: reload });
}
