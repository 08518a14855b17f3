import { type TFieldDefinition, type TFieldDefinitionBody, ZFieldDefinition } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

import { fieldKeys } from './field-keys.ts';

/** POST /api/admin/fields */
export async function createField(body: TFieldDefinitionBody): Promise<TFieldDefinition> {
  const data = await apiRequest('/api/admin/fields', { method: 'POST', body });
  return ZFieldDefinition.parse(data);
}

/** PUT /api/admin/fields/{id}: the whole definition (also for Activate/Deactivate). */
export async function updateField(id: string, body: TFieldDefinitionBody): Promise<TFieldDefinition> {
  const data = await apiRequest(`/api/admin/fields/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZFieldDefinition.parse(data);
}

export type TSaveFieldInput = { id: string | null; body: TFieldDefinitionBody };

/** Creates (id null) or replaces a field definition, then reloads the lists. */
export function useSaveField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: TSaveFieldInput) => (id ? updateField(id, body) : createField(body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
  });
}
