import type { TOrganizationSettingsBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationPrefix } from '#web/features/auth/index.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { updateOrganizationSettings } from '../api/update-organization-settings.ts';

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
