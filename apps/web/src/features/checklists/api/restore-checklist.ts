import { type TChecklistTemplate, ZChecklistTemplate } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { checklistKeys, useReloadTemplates } from './checklist-keys.ts';

/** POST /api/admin/checklists/{id}/restore: an archived template is offered again. */
export async function restoreChecklist(id: string): Promise<TChecklistTemplate> {
  const data = await apiRequest(`/api/admin/checklists/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    body: {},
  });
  return ZChecklistTemplate.parse(data);
}

export function useRestoreChecklist() {
  const queryClient = useQueryClient();
  const reload = useReloadTemplates();
  return useMutation({
    mutationFn: restoreChecklist,
    onSuccess: (restored) => {
      queryClient.setQueryData(checklistKeys.template(restored.id), restored);
      return reload();
    },
  });
}
