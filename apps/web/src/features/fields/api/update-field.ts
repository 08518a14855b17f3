import { type TFieldDefinition, type TFieldDefinitionBody, ZFieldDefinition } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/fields/{id}: the whole definition (also for Activate/Deactivate). */
export async function updateField(id: string, body: TFieldDefinitionBody): Promise<TFieldDefinition> {
  const data = await apiRequest(`/api/admin/fields/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZFieldDefinition.parse(data);
}
