import { type TFieldDefinition, type TFieldDefinitionBody, ZFieldDefinition } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/fields */
export async function createField(body: TFieldDefinitionBody): Promise<TFieldDefinition> {
  const data = await apiRequest('/api/admin/fields', { method: 'POST', body });
  return ZFieldDefinition.parse(data);
}
