import { DEFAULT_PAGE_SIZE, type TApiToken, ZApiToken } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { apiTokenKeys } from './api-token-keys.ts';

/** Whose tokens a list shows: the user's own, or (administrators) every one of their organization. */
export type TTokenList = 'own' | 'organization';

export const TOKEN_LIST_URLS: Record<TTokenList, string> = {
  own: '/api/api-tokens',
  organization: '/api/admin/api-tokens',
};

/** GET /api/api-tokens or /api/admin/api-tokens?page=&pageSize=: live tokens, newest first. */
export async function getApiTokens(
  list: TTokenList,
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TApiToken>> {
  const response = await apiSend(TOKEN_LIST_URLS[list], { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZApiToken.array().parse(await response.json()), query);
}

/** One page of live tokens: the user's own, or their organization's. */
export function useApiTokens(list: TTokenList, page: number) {
  return useQuery({
    queryKey: list === 'own' ? apiTokenKeys.own(page) : apiTokenKeys.organization(page),
    queryFn: ({ signal }) => getApiTokens(list, { page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
