import { type TChecklistTemplate, ZChecklistTemplate } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** GET /api/checklists/{id}: the current version's steps and every version. */
export async function getChecklist(id: string, signal?: AbortSignal): Promise<TChecklistTemplate> {
  const data = await apiRequest(`/api/checklists/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZChecklistTemplate.parse(data);
}

/** One template, for the editor (null: a new template, nothing to read). */
export function useChecklist(id: string | null) {
  return useQuery({
    queryKey: checklistKeys.template(id ?? ''),
    queryFn: ({ signal }) => getChecklist(id ?? '', signal),
    enabled: id !== null,
  });
}
