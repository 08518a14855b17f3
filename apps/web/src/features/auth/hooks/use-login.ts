import type { TLoginBody } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { authStore } from '#web/lib/auth-store.ts';
import { login } from '../api/login.ts';

/** Signs in and stores the session. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginBody) => login(body),
    onSuccess: (response, body) => authStore.login(response, body.email),
  });
}
