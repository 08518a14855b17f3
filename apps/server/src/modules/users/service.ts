import type { TCurrentUser } from '@mqr/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/request-context.ts';
import { findUserByEmail, findUserById, type UserRow } from './queries.ts';

export type { UserRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user with this email (any organization, active or not), for sign-in. */
export function getUserByEmailForSignIn(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** The user a token names (any organization, active or not); undefined for a malformed id. */
export async function getUserByIdForAuth(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return findUserById(db, id);
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    displayName: row.displayName,
    isAdmin: row.isAdmin,
    isSuperAdmin: row.isSuperAdmin,
    canEditCompletedMaintenanceEvents: row.canEditCompletedMaintenanceEvents,
  };
}

export function toCurrentUser(user: AuthUser): TCurrentUser {
  return {
    displayName: user.displayName,
    email: user.email,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    organizationId: user.organizationId,
    canEditCompletedMaintenanceEvents: user.canEditCompletedMaintenanceEvents,
  };
}
