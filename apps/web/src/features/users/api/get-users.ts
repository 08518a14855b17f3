import { DEFAULT_PAGE_SIZE, type TAdminUser, ZAdminUser } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

import { userKeys } from './user-keys.ts';

/** GET /api/admin/users?page=&pageSize= (administrators: their organization; super administrators: everyone). */
export async function getUsers(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TAdminUser>> {
  const response = await apiSend('/api/admin/users', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZAdminUser.array().parse(await response.json()), query);
}

/** One page of the users an administrator manages. */
export function useUsers(page: number) {
  return useQuery({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) => getUsers({ page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
