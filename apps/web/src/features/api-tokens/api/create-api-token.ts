import { type TCreateApiTokenBody, type TCreatedApiToken, ZCreatedApiToken } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { apiTokenKeys } from './api-token-keys.ts';

/** POST /api/api-tokens → 201 with the token and its secret (shown this once). */
export async function createApiToken(body: TCreateApiTokenBody): Promise<TCreatedApiToken> {
  return ZCreatedApiToken.parse(await apiRequest('/api/api-tokens', { method: 'POST', body }));
}

/** Creates a token; every token list reloads. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) => createApiToken(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
