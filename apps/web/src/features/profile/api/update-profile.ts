import {
  type TProfileUpdateBody,
  type TProfileUpdateResponse,
  ZCurrentUser,
  ZProfileUpdateResponse,
} from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditLogKeys } from '#web/features/audit-logs/index.ts';
import { currentUserKey } from '#web/features/auth/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { authStore } from '#web/lib/auth-store.ts';

/** PUT /api/auth/me with only the changed fields; a password change answers with a new token. */
export async function updateProfile(body: TProfileUpdateBody): Promise<TProfileUpdateResponse> {
  const data = await apiRequest('/api/auth/me', { method: 'PUT', body });
  return ZProfileUpdateResponse.parse(data);
}

/**
 * Saves the profile. The answer becomes the signed-in user at once (the header shows the new name);
 * a returned token (password changed) replaces the stored one, which no longer works.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileUpdateBody) => updateProfile(body),
    onSuccess: (response) => {
      const token = response.accessToken ?? authStore.getToken();
      // Seed the startup refresh of this session so that it does not bring back older values.
      queryClient.setQueryData(currentUserKey(token), ZCurrentUser.parse(response));
      authStore.updateUser(response);
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all });
    },
  });
}
