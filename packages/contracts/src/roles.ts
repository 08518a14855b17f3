export type TRoleFlags = { isAdmin: boolean; isSuperAdmin: boolean };

/**
 * Who may call a route or open a screen: anyone, any signed-in user, administrators, super
 * administrators. The server declares each route's scope with it, the web each route's guard.
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'admin', 'super-admin'] as const;
export type TAccess = (typeof ACCESS_LEVELS)[number];
