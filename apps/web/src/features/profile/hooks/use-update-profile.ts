import { type TProfileUpdateBody, ZCurrentUser } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditLogKeys } from '#web/features/audit-logs/index.ts';
import { currentUserKey } from '#web/features/auth/index.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { updateProfile } from '../api/update-profile.ts';

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
