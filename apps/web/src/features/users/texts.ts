import { msg } from '@lingui/core/macro';

/** The users screen's words (translated, docs/translating.md). */
export const USER_TEXTS = {
  title: msg`User management`,
  loading: msg`Loading users...`,
  listTitle: msg`Existing users`,
  formTitle: msg`Create user`,
  email: msg`Email`,
  displayName: msg`Display name`,
  password: msg`Password`,
  organization: msg`Organization`,
  admin: msg`Admin`,
  active: msg`Active`,
  canEditCompleted: msg`Can edit completed maintenance`,
  editCompleted: msg`Edit completed events`,
  creating: msg`Creating...`,
  create: msg`Create user`,
  created: msg`User created successfully.`,
  /** A checkbox of the table, named with the user's email: "Admin: ann@example.com". */
  adminOf: (email: string) => msg`Admin: ${email}`,
  activeOf: (email: string) => msg`Active: ${email}`,
  editCompletedOf: (email: string) => msg`Edit completed events: ${email}`,
  name: msg`Name`,
  role: msg`Role`,
  status: msg`Status`,
  maintenanceEdits: msg`Maintenance edits`,
  createdAt: msg`Created`,
  superAdmin: msg`Super Admin`,
  // Screen messages (docs/product/users.md#user-management).
  loadFailed: msg`Unable to load users.`,
  createFailed: msg`Unable to create user.`,
  updateFailed: msg`Unable to update user.`,
};
