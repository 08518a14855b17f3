import { type TOrganization, type TOrganizationSettingsBody, ZOrganization } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationPrefix } from '#web/features/auth/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { authStore } from '#web/lib/auth-store.ts';

/** PUT /api/admin/organization/settings: the administrator's own organization (its time zone). */
export async function updateOrganizationSettings(body: TOrganizationSettingsBody): Promise<TOrganization> {
  const data = await apiRequest('/api/admin/organization/settings', { method: 'PUT', body });
  return ZOrganization.parse(data);
}

/** Saves the organization's settings; the answer becomes the session's organization at once. */
export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganizationSettingsBody) => updateOrganizationSettings(body),
    onSuccess: (organization) => {
      authStore.setOrganization(organization);
      void queryClient.invalidateQueries({ queryKey: organizationPrefix });
    },
  });
}
