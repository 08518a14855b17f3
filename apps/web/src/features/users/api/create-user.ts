import { type TAdminUser, type TCreateUserBody, ZAdminUser } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { userKeys } from './user-keys.ts';

/** POST /api/admin/users → 201 with the new user. */
export async function createUser(body: TCreateUserBody): Promise<TAdminUser> {
  const data = await apiRequest('/api/admin/users', { method: 'POST', body });
  return ZAdminUser.parse(data);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateUserBody) => createUser(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
