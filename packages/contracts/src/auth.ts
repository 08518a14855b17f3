import { z } from 'zod';
import { LANGUAGE_MESSAGES, LANGUAGES } from './languages.ts';
import { storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';

export const LOGIN_MESSAGES = {
  ...englishMessages({
    invalidEmail: /*i18n*/ { id: 'login.invalidEmail', message: 'Enter a valid email address.' },
    passwordRequired: /*i18n*/ { id: 'login.passwordRequired', message: 'Password is required.' },
    invalidCredentials: /*i18n*/ { id: 'login.invalidCredentials', message: 'Invalid email or password.' },
  }),
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const { PASSWORD_TOO_LONG } = englishMessages({
  PASSWORD_TOO_LONG: said(
    /*i18n*/ { id: 'password.tooLong', message: 'Password must be at most {passwordMaxLength} characters.' },
    { passwordMaxLength: PASSWORD_MAX_LENGTH },
  ),
});
export const DISPLAY_NAME_MAX_LENGTH = 200;

/**
 * A password as typed, any length up to PASSWORD_MAX_LENGTH. Broken Unicode is refused: hashing would
 * silently replace it, so two different passwords would match. Chain the minimum after it.
 */
export function passwordText(params?: Parameters<typeof storableText>[0]) {
  return storableText(params).max(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG });
}

/** Emails are compared and stored lower-cased. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: LOGIN_MESSAGES.invalidEmail }));

export const ZLoginBody = z.object({
  email: ZEmail,
  password: passwordText().min(1, { message: LOGIN_MESSAGES.passwordRequired }),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

/** What the server says about the signed-in user (GET /api/auth/me and the profile update). */
export const ZCurrentUser = z.object({
  displayName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  organizationId: z.string(),
  canEditCompletedMaintenanceEvents: z.boolean(),
  /** ISO 8601: when the account was created ("Member since"). */
  createdAt: z.string().optional(),
  /** Whether they get the daily digest of their due tasks by email (docs/product/reminders.md). */
  dailyDigest: z.boolean(),
  /** The language they chose for their screens, emails and files; null follows the organization's (ADR 110). */
  language: z.enum(LANGUAGES).nullable(),
  /** Their organization's default language: theirs while they choose none. */
  organizationLanguage: z.enum(LANGUAGES),
  /** Their organization's currency (ISO 4217): task costs are entered and shown in it (ADR 131). */
  currency: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZLoginResponse = ZCurrentUser.omit({
  email: true,
  createdAt: true,
  dailyDigest: true,
  language: true,
  organizationLanguage: true,
  currency: true,
}).extend({
  accessToken: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const PROFILE_MESSAGES = {
  ...englishMessages({
    displayNameRequired: /*i18n*/ { id: 'profile.displayNameRequired', message: 'Display name is required' },
    emailRequired: /*i18n*/ { id: 'profile.emailRequired', message: 'Email is required' },
    emailInvalid: /*i18n*/ { id: 'profile.emailInvalid', message: 'Please enter a valid email address' },
    currentPasswordRequired: /*i18n*/ {
      id: 'profile.currentPasswordRequired',
      message: 'Current password is required to change password',
    },
    currentPasswordRequiredForEmail: /*i18n*/ {
      id: 'profile.currentPasswordRequiredForEmail',
      message: 'Current password is required to change email',
    },
    currentPasswordWrong: /*i18n*/ {
      id: 'profile.currentPasswordWrong',
      message: 'Current password is incorrect.',
    },
    newPasswordTooShort: said(
      /*i18n*/ {
        id: 'profile.newPasswordTooShort',
        message: 'New password must be at least {passwordMinLength} characters',
      },
      { passwordMinLength: PASSWORD_MIN_LENGTH },
    ),
    emailTaken: /*i18n*/ { id: 'profile.emailTaken', message: 'A user with this email already exists.' },
  }),
} as const;

/**
 * PUT /api/auth/me: only changed fields are sent. A new password or email needs the current
 * password. A password change ends the user's other sessions: the answer then carries a new token.
 */
export const ZProfileUpdateBody = z.object({
  displayName: storableText({ message: PROFILE_MESSAGES.displayNameRequired })
    .trim()
    .min(1, { message: PROFILE_MESSAGES.displayNameRequired })
    .max(DISPLAY_NAME_MAX_LENGTH)
    .optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: PROFILE_MESSAGES.emailRequired })
    .pipe(z.email({ message: PROFILE_MESSAGES.emailInvalid }))
    .optional(),
  currentPassword: passwordText().optional(),
  newPassword: passwordText()
    .min(PASSWORD_MIN_LENGTH, { message: PROFILE_MESSAGES.newPasswordTooShort })
    .optional(),
  /** The daily digest of their due tasks by email, on or off (needs no password). */
  dailyDigest: z.boolean().optional(),
  /** Their language (one of LANGUAGES), or null to follow the organization's. */
  language: z.enum(LANGUAGES, { message: LANGUAGE_MESSAGES.languageInvalid }).nullable().optional(),
});
export type TProfileUpdateBody = z.input<typeof ZProfileUpdateBody>;

export const ZProfileUpdateResponse = ZCurrentUser.extend({
  /** Present when the password changed: the old token no longer works. */
  accessToken: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;
