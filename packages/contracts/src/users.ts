import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordText, ZEmail } from './auth.ts';
import { storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';

export const USER_MESSAGES = {
  ...englishMessages({
    displayNameRequired: /*i18n*/ { id: 'user.displayNameRequired', message: 'Display name is required' },
    displayNameTooLong: said(
      /*i18n*/ {
        id: 'user.displayNameTooLong',
        message: 'Display name must be at most {displayNameMaxLength} characters.',
      },
      { displayNameMaxLength: DISPLAY_NAME_MAX_LENGTH },
    ),
    passwordTooShort: said(
      /*i18n*/ {
        id: 'user.passwordTooShort',
        message: 'Password must be at least {passwordMinLength} characters.',
      },
      { passwordMinLength: PASSWORD_MIN_LENGTH },
    ),
    emailTaken: /*i18n*/ { id: 'user.emailTaken', message: 'A user with this email already exists.' },
    selfAdmin: /*i18n*/ { id: 'user.selfAdmin', message: 'You cannot remove your own administrator access.' },
    selfDeactivate: /*i18n*/ {
      id: 'user.selfDeactivate',
      message: 'You cannot deactivate your own account.',
    },
    otherOrganization: /*i18n*/ {
      id: 'user.otherOrganization',
      message: 'Only super administrators can create users in another organization.',
    },
    superAdminTarget: /*i18n*/ {
      id: 'user.superAdminTarget',
      message: 'Only super administrators can change a super administrator.',
    },
  }),
} as const;

export const ZDisplayName = storableText({ message: USER_MESSAGES.displayNameRequired })
  .trim()
  .min(1, { message: USER_MESSAGES.displayNameRequired })
  .max(DISPLAY_NAME_MAX_LENGTH, { message: USER_MESSAGES.displayNameTooLong });

/** The people of an organization a task can be assigned to: at most this many, by name. */
export const ASSIGNABLE_USERS_MAX = 500;

/** GET /api/users/assignable: an active user of the caller's organization, as a choice in a form. */
export const ZUserOption = z.object({ id: z.string(), displayName: z.string() });
export type TUserOption = z.infer<typeof ZUserOption>;

/** A user as the admin screen lists it; `organizationName` helps super administrators. */
export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isActive: z.boolean(),
  organizationId: z.string(),
  organizationName: z.string().nullable(),
  canEditCompletedMaintenanceEvents: z.boolean(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** POST /api/admin/users. isSuperAdmin is accepted but always saved as false. */
export const ZCreateUserBody = z.object({
  email: ZEmail,
  displayName: ZDisplayName,
  password: passwordText({ message: USER_MESSAGES.passwordTooShort }).min(PASSWORD_MIN_LENGTH, {
    message: USER_MESSAGES.passwordTooShort,
  }),
  isAdmin: z.boolean().default(false),
  isSuperAdmin: z.boolean().optional(),
  isActive: z.boolean().default(true),
  /** Super administrators may name another organization; others get their own. */
  organizationId: z.string().uuid().nullish(),
  canEditCompletedMaintenanceEvents: z.boolean().default(false),
});
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;

/** PUT /api/admin/users/{id}: only the fields sent change. isSuperAdmin cannot be changed here. */
export const ZUpdateUserBody = z.object({
  displayName: ZDisplayName.optional(),
  isAdmin: z.boolean().optional(),
  isActive: z.boolean().optional(),
  canEditCompletedMaintenanceEvents: z.boolean().optional(),
  isSuperAdmin: z.boolean().optional(),
});
export type TUpdateUserBody = z.input<typeof ZUpdateUserBody>;
