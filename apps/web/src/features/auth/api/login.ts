import { type TLoginBody, type TLoginResponse, ZLoginResponse } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { authStore } from '#web/lib/auth-store.ts';

/** POST /api/auth/login */
export async function login(body: TLoginBody): Promise<TLoginResponse> {
  const data = await apiRequest('/api/auth/login', { method: 'POST', body });
  return ZLoginResponse.parse(data);
}

/** Signs in and stores the session. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginBody) => login(body),
    onSuccess: (response, body) => authStore.login(response, body.email),
  });
}
