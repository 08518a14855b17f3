import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { apiTokenKeys } from './api-token-keys.ts';
import { TOKEN_LIST_URLS, type TTokenList } from './get-api-tokens.ts';

/** DELETE /api/api-tokens/{id} (own) or /api/admin/api-tokens/{id} (administrators) → 204. */
export async function revokeApiToken(list: TTokenList, id: string): Promise<void> {
  await apiRequest(`${TOKEN_LIST_URLS[list]}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Revokes a token of the list; every token list reloads. */
export function useRevokeApiToken(list: TTokenList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiToken(list, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
