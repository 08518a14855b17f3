import { type TOrganization, ZOrganization } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useApplyChange } from './organization-keys.ts';

/** DELETE /api/admin/organizations/{id}/logo: the organization without its logo. */
export async function deleteLogo(id: string): Promise<TOrganization> {
  const data = await apiRequest(`/api/admin/organizations/${encodeURIComponent(id)}/logo`, {
    method: 'DELETE',
  });
  return ZOrganization.parse(data);
}

export function useDeleteLogo() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: (id: string) => deleteLogo(id),
    onSuccess: applyChange,
  });
}
