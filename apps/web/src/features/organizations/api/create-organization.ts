import { type TAdminOrganization, type TOrganizationBody, ZAdminOrganization } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** POST /api/admin/organizations → 201 with the new organization. */
export async function createOrganization(body: TOrganizationBody): Promise<TAdminOrganization> {
  const data = await apiRequest('/api/admin/organizations', { method: 'POST', body });
  return ZAdminOrganization.parse(data);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganizationBody) => createOrganization(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
