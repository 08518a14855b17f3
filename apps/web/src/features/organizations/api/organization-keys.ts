import type { TAdminOrganization, TOrganization } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { organizationPrefix } from '#web/features/auth/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import type { TPage } from '#web/lib/paged-response.ts';

/** react-query keys of the organizations screen (and the organization select of the users screen). */
export const organizationKeys = {
  all: ['admin-organizations'] as const,
  list: (page: number, pageSize: number) => [...organizationKeys.all, 'list', { page, pageSize }] as const,
};

/**
 * After a change: the lists show the server's answer at once and reload; when it is the signed-in
 * user's own organization, the header's name and logo reload too.
 */
export function useApplyChange() {
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
