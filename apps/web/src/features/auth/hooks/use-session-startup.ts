import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { authStore, useAuth } from '#web/lib/auth-store.ts';
import { currentUserQuery } from '../api/get-current-user.ts';
import { getOrganization, organizationKey } from '../api/get-organization.ts';

/**
 * Startup when logged in: refresh the current user (a refusal logs out) and load the organization
 * (a failure is ignored silently).
 */
export function useSessionStartup() {
  const token = useAuth()?.token ?? null;

  const me = useQuery(currentUserQuery(token));
  const organization = useQuery({
    queryKey: organizationKey(token),
    queryFn: ({ signal }) => getOrganization(signal),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => {
    if (me.data) authStore.updateUser(me.data);
  }, [me.data]);

  // A refused session ends (the API client also ends it on a 401); no connection leaves it as it is.
  const refused = me.isError && !(me.error instanceof ApiError && me.error.isNetworkError);
  useEffect(() => {
    if (refused && token !== null) authStore.logout();
  }, [refused, token]);

  useEffect(() => {
    if (organization.data) authStore.setOrganization(organization.data);
  }, [organization.data]);
}
