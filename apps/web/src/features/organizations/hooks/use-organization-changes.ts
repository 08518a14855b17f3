import type { TAdminOrganization, TOrganization, TOrganizationBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationPrefix } from '#web/features/auth/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { createOrganization } from '../api/create-organization.ts';
import { deleteLogo } from '../api/delete-logo.ts';
import { organizationKeys } from '../api/organization-keys.ts';
import { updateOrganization } from '../api/update-organization.ts';
import { uploadLogo } from '../api/upload-logo.ts';

/**
 * After a change: the lists show the server's answer at once and reload; when it is the signed-in
 * user's own organization, the header's name and logo reload too.
 */
function useApplyChange() {
  const queryClient = useQueryClient();
  const ownOrganizationId = useAuth()?.organizationId;
  return (changed: TOrganization) => {
    queryClient.setQueriesData<TPage<TAdminOrganization>>({ queryKey: organizationKeys.all }, (page) =>
      page
        ? {
            ...page,
            items: page.items.map((item) => (item.id === changed.id ? { ...item, ...changed } : item)),
          }
        : page,
    );
    void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    if (changed.id === ownOrganizationId) {
      void queryClient.invalidateQueries({ queryKey: organizationPrefix });
    }
  };
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganizationBody) => createOrganization(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

export function useRenameOrganization() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TOrganizationBody }) => updateOrganization(id, body),
    onSuccess: applyChange,
  });
}

export function useUploadLogo() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadLogo(id, file),
    onSuccess: applyChange,
  });
}

export function useDeleteLogo() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: (id: string) => deleteLogo(id),
    onSuccess: applyChange,
  });
}
