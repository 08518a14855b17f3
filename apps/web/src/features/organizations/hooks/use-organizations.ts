import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOrganizations } from '../api/get-organizations.ts';
import { organizationKeys } from '../api/organization-keys.ts';

/** One page of organizations (super administrators only: pass enabled false for anyone else). */
export function useOrganizations(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.list(page, pageSize),
    queryFn: ({ signal }) => getOrganizations({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
