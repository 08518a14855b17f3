import { type TAdminOrganization, ZAdminOrganization } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

import { organizationKeys } from './organization-keys.ts';

/** GET /api/admin/organizations?page=&pageSize= (super administrators). */
export async function getOrganizations(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TAdminOrganization>> {
  const response = await apiSend('/api/admin/organizations', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZAdminOrganization.array().parse(await response.json()), query);
}

/** One page of organizations (super administrators only: pass enabled false for anyone else). */
export function useOrganizations(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.list(page, pageSize),
    queryFn: ({ signal }) => getOrganizations({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
