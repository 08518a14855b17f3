import { type TChecklistTemplate, type TChecklistTemplateBody, ZChecklistTemplate } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { checklistKeys, useReloadTemplates } from './checklist-keys.ts';

/**
 * POST /api/admin/checklists (a new template, version 1) or PUT /api/admin/checklists/{id} (a new
 * version when the steps changed; tasks keep theirs). The Idempotency-Key makes a retried save no
 * second template.
 */
export async function saveChecklist(
  id: string | null,
  body: TChecklistTemplateBody,
  idempotencyKey: string,
): Promise<TChecklistTemplate> {
  const data = id
    ? await apiRequest(`/api/admin/checklists/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        idempotencyKey,
      })
    : await apiRequest('/api/admin/checklists', { method: 'POST', body, idempotencyKey });
  return ZChecklistTemplate.parse(data);
}

type TSaveInput = { id: string | null; body: TChecklistTemplateBody; idempotencyKey: string };

/** Saves the editor's template; the saved one is shown at once and the lists read again. */
export function useSaveChecklist() {
  const queryClient = useQueryClient();
  const reload = useReloadTemplates();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: TSaveInput) => saveChecklist(id, body, idempotencyKey),
    onSuccess: (saved) => {
      queryClient.setQueryData(checklistKeys.template(saved.id), saved);
      return reload();
    },
  });
}
