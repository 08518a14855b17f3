import { type TCurrentUser, ZCurrentUser } from '@mqr/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Every session's current-user query (invalidate it to refresh the signed-in user). */
export const currentUserPrefix = ['auth', 'me'] as const;
export const currentUserKey = (token: string | null) => [...currentUserPrefix, token] as const;

/** GET /api/auth/me: the signed-in user, refreshed at startup. */
export async function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  const data = await apiRequest('/api/auth/me', { signal });
  return ZCurrentUser.parse(data);
}

/** The current user's query, shared by the startup refresh and the screens that show the user. */
export function currentUserQuery(token: string | null) {
  return queryOptions({
    queryKey: currentUserKey(token),
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
