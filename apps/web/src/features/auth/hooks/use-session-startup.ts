import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authStore, useAuth } from '#web/lib/auth-store.ts';
import { currentUserQuery } from '../api/get-current-user.ts';
import { getOrganization, organizationKey } from '../api/get-organization.ts';

/**
 * Startup when logged in: refresh the current user (a failure logs out) and load the organization
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

  useEffect(() => {
    if (me.isError && token !== null) authStore.logout();
  }, [me.isError, token]);

  useEffect(() => {
    if (organization.data) authStore.setOrganization(organization.data);
  }, [organization.data]);
}
