/** The profile form's words. */
export const PROFILE_TEXTS = {
  passwordsDoNotMatch: 'New passwords do not match',
  failed: 'Failed to update profile',
  updated: 'Profile updated successfully!',
  passwordHint: 'Leave blank to keep current password',
} as const;
