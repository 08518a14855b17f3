import { msg } from '@lingui/core/macro';

/** The profile form's words (translated, docs/translating.md). */
export const PROFILE_TEXTS = {
  formLabel: msg`Profile`,
  displayName: msg`Display name`,
  email: msg`Email`,
  changePassword: msg`Change Password`,
  currentPassword: msg`Current password`,
  newPassword: msg`New password`,
  confirmPassword: msg`Confirm new password`,
  passwordsDoNotMatch: msg`New passwords do not match`,
  failed: msg`Failed to update profile`,
  updated: msg`Profile updated successfully!`,
  noChanges: msg`No changes to save.`,
  passwordHint: msg`Leave blank to keep current password`,
  saving: msg`Saving...`,
  save: msg`Save changes`,
};

/** The language choice (ADR 110): the profile's select. */
export const LANGUAGE_TEXTS = {
  label: msg`Language`,
  hint: msg`The language of your screens and of the emails and files you get.`,
  /** `language` is the organization's language, named in itself (Deutsch, Français...). */
  organizationDefault: (language: string) => msg`Organization default (${language})`,
  saved: msg`Language saved.`,
  failed: msg`Unable to save the language.`,
};
