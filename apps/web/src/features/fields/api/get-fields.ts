import { type TFieldDefinition, type TFieldTarget, ZFieldDefinition } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/fields?target=&includeInactive=true (ordered by displayOrder). */
export async function getFields(target: TFieldTarget, signal?: AbortSignal): Promise<TFieldDefinition[]> {
  const data = await apiRequest('/api/fields', {
    query: { target, includeInactive: true },
    ...(signal ? { signal } : {}),
  });
  return ZFieldDefinition.array().parse(data);
}
