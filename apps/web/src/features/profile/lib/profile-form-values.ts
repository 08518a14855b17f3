import { i18n } from '@lingui/core';
import { PROFILE_MESSAGES, type TProfileUpdateBody, ZProfileUpdateBody } from '@mqr/contracts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { PROFILE_TEXTS } from '../texts.ts';

export type TProfileFormValues = {
  displayName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export type TProfileFormPath = keyof TProfileFormValues;

/** The saved values the form starts from (the signed-in user). */
export type TSavedProfile = { displayName: string; email: string };

export type TProfileCheck =
  | { ok: true; body: TProfileUpdateBody; changed: boolean }
  | { ok: false; errors: { path: TProfileFormPath; message: string }[] };

export function profileFormValues(saved: TSavedProfile): TProfileFormValues {
  return {
    displayName: saved.displayName,
    email: saved.email,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success
    ? undefined
    : wordMessage(result.error?.issues[0]?.message ?? i18n._(PROFILE_TEXTS.failed));
}

/**
 * The profile rules (docs/product/profile-and-settings.md#profile-validation) and the body of only the changed fields. Changing the email
 * (richer variant only) or the password needs the current password; a password change also needs a
 * new password of at least 8 characters, confirmed.
 */
export function checkProfileForm(
  values: TProfileFormValues,
  saved: TSavedProfile,
  options: { editEmail: boolean },
): TProfileCheck {
  const errors: { path: TProfileFormPath; message: string }[] = [];
  const shape = ZProfileUpdateBody.shape;

  const displayName = shape.displayName.safeParse(values.displayName);
  const displayNameError = firstMessage(displayName);
  if (displayNameError) errors.push({ path: 'displayName', message: displayNameError });

  const email = options.editEmail ? shape.email.safeParse(values.email) : undefined;
  const emailError = email ? firstMessage(email) : undefined;
  if (emailError) errors.push({ path: 'email', message: emailError });

  const changingEmail =
    options.editEmail && values.email.trim().toLowerCase() !== saved.email.trim().toLowerCase();
  const changingPassword = values.newPassword !== '' || values.confirmPassword !== '';
  if (changingPassword) {
    if (!values.currentPassword) {
      errors.push({
        path: 'currentPassword',
        message: wordMessage(PROFILE_MESSAGES.currentPasswordRequired),
      });
    }
    const newPasswordError = firstMessage(shape.newPassword.safeParse(values.newPassword));
    if (newPasswordError) errors.push({ path: 'newPassword', message: newPasswordError });
    if (values.confirmPassword !== values.newPassword) {
      errors.push({ path: 'confirmPassword', message: i18n._(PROFILE_TEXTS.passwordsDoNotMatch) });
    }
  } else if (changingEmail && !values.currentPassword) {
    errors.push({
      path: 'currentPassword',
      message: wordMessage(PROFILE_MESSAGES.currentPasswordRequiredForEmail),
    });
  }
  if (errors.length > 0) return { ok: false, errors };

  const body: TProfileUpdateBody = {};
  const name = displayName.data;
  if (name !== undefined && name !== saved.displayName) body.displayName = name;
  if (changingEmail && email?.data) body.email = email.data;
  if (changingEmail || changingPassword) body.currentPassword = values.currentPassword;
  if (changingPassword) body.newPassword = values.newPassword;
  return { ok: true, body, changed: Object.keys(body).length > 0 };
}
