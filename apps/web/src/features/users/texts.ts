/** The users screen's words. */
export const USER_TEXTS = {
  // Screen messages (docs/product/users.md#user-management).
  loadFailed: 'Unable to load users.',
  createFailed: 'Unable to create user.',
  updateFailed: 'Unable to update user.',
} as const;
