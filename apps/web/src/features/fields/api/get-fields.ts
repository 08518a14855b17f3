import { type TFieldDefinition, type TFieldTarget, ZFieldDefinition } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { fieldKeys } from './field-keys.ts';

/** GET /api/fields?target=&includeInactive=true (ordered by displayOrder). */
export async function getFields(target: TFieldTarget, signal?: AbortSignal): Promise<TFieldDefinition[]> {
  const data = await apiRequest('/api/fields', {
    query: { target, includeInactive: true },
    ...(signal ? { signal } : {}),
  });
  return ZFieldDefinition.array().parse(data);
}

/** Every field definition of a target, inactive ones included (screens filter what they show). */
export function useFields(target: TFieldTarget) {
  return useQuery({
    queryKey: fieldKeys.list(target),
    queryFn: ({ signal }) => getFields(target, signal),
  });
}
