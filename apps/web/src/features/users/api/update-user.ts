import { type TAdminUser, type TUpdateUserBody, ZAdminUser } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserPrefix } from '#web/features/auth/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import type { TPage } from '#web/lib/paged-response.ts';

import { userKeys } from './user-keys.ts';

/** PUT /api/admin/users/{id}: only the fields sent change. */
export async function updateUser(id: string, body: TUpdateUserBody): Promise<TAdminUser> {
  const data = await apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZAdminUser.parse(data);
}

/**
 * Saves some fields of a user. The lists show the server's answer at once, then reload; a change
 * to the signed-in user refreshes their session data (for example their maintenance edit right).
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const ownEmail = useAuth()?.email;
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateUserBody }) => updateUser(id, body),
    onSuccess: (saved) => {
      queryClient.setQueriesData<TPage<TAdminUser>>({ queryKey: userKeys.all }, (page) =>
        page ? { ...page, items: page.items.map((user) => (user.id === saved.id ? saved : user)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      if (saved.email === ownEmail) void queryClient.invalidateQueries({ queryKey: currentUserPrefix });
    },
  });
}
