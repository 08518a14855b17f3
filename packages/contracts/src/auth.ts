import { z } from 'zod';

export const LOGIN_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  passwordRequired: 'Password is required.',
  invalidCredentials: 'Invalid email or password.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const DISPLAY_NAME_MAX_LENGTH = 200;

/** Emails are compared and stored lower-cased. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: LOGIN_MESSAGES.invalidEmail }));

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: LOGIN_MESSAGES.passwordRequired }),
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
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZLoginResponse = ZCurrentUser.omit({ email: true }).extend({
  accessToken: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Names of the cross-site request protection cookie and header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
