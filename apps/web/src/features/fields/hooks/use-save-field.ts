import type { TFieldDefinitionBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createField } from '../api/create-field.ts';
import { fieldKeys } from '../api/field-keys.ts';
import { updateField } from '../api/update-field.ts';

export type TSaveFieldInput = { id: string | null; body: TFieldDefinitionBody };

/** Creates (id null) or replaces a field definition, then reloads the lists. */
export function useSaveField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: TSaveFieldInput) => (id ? updateField(id, body) : createField(body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
  });
}
