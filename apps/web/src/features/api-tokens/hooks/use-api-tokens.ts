import { DEFAULT_PAGE_SIZE, type TCreateApiTokenBody } from '@mqr/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokenKeys } from '../api/api-token-keys.ts';
import { createApiToken } from '../api/create-api-token.ts';
import { getApiTokens, type TTokenList } from '../api/get-api-tokens.ts';
import { revokeApiToken } from '../api/revoke-api-token.ts';

/** One page of live tokens: the user's own, or their organization's. */
export function useApiTokens(list: TTokenList, page: number) {
  return useQuery({
    queryKey: list === 'own' ? apiTokenKeys.own(page) : apiTokenKeys.organization(page),
    queryFn: ({ signal }) => getApiTokens(list, { page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Creates a token; every token list reloads. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) => createApiToken(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** Revokes a token of the list; every token list reloads. */
export function useRevokeApiToken(list: TTokenList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiToken(list, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
