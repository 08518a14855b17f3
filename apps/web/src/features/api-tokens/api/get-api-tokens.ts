import { type TApiToken, ZApiToken } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

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
