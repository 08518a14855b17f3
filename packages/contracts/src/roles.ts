export type TRoleFlags = { isAdmin: boolean; isSuperAdmin: boolean };

/** The role label shown in the header's user menu. */
export function roleLabel(user: TRoleFlags): string {
  if (user.isSuperAdmin) return 'Super Administrator';
  if (user.isAdmin) return 'Administrator';
  return 'Member';
}

/**
 * Who may call a route or open a screen: anyone, any signed-in user, administrators, super
 * administrators. The server declares each route's scope with it, the web each route's guard.
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'admin', 'super-admin'] as const;
export type TAccess = (typeof ACCESS_LEVELS)[number];
