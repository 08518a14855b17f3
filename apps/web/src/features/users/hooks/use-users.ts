import { DEFAULT_PAGE_SIZE } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUsers } from '../api/get-users.ts';
import { userKeys } from '../api/user-keys.ts';

/** One page of the users an administrator manages. */
export function useUsers(page: number) {
  return useQuery({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) => getUsers({ page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
