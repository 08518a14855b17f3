export type TRoleFlags = { isAdmin: boolean; isSuperAdmin: boolean };

/** The role label shown in the header's user menu. */
export function roleLabel(user: TRoleFlags): string {
  if (user.isSuperAdmin) return 'Super Administrator';
  if (user.isAdmin) return 'Administrator';
  return 'Member';
}
