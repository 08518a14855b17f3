import type { TLoginResponse } from '@mqr/contracts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { UserRow } from './queries.ts';

/** A new session for the user: the token and what the browser keeps of them (any way of signing in). */
export async function signedIn(tokens: TokenService, user: UserRow): Promise<TLoginResponse> {
  const { accessToken, expiresAt } = await tokens.issueToken(user);
  return {
    accessToken,
    expiresAt,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    organizationId: user.organizationId,
    canEditCompletedMaintenanceEvents: user.canEditCompletedMaintenanceEvents,
  };
}
