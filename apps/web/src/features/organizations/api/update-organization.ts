import { type TOrganization, type TOrganizationBody, ZOrganization } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useApplyChange } from './organization-keys.ts';

/** PUT /api/admin/organizations/{id}: renames the organization. */
export async function updateOrganization(id: string, body: TOrganizationBody): Promise<TOrganization> {
  const data = await apiRequest(`/api/admin/organizations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return ZOrganization.parse(data);
}

export function useRenameOrganization() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TOrganizationBody }) => updateOrganization(id, body),
    onSuccess: applyChange,
  });
}
