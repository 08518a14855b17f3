import { AppError } from '#server/lib/app-error.ts';
import type { LoginThrottle } from '#server/lib/login-throttle.ts';
import { verifyPassword } from '#server/lib/passwords.ts';

export interface PasswordCheck {
  /** The sign-in counters: a wrong password counts as a failed sign-in of the account. */
  throttle: LoginThrottle;
  ipAddress: string;
}

/** The field the password was typed in and what to say when it is missing or wrong. */
export interface PasswordMessages {
  field: string;
  missing: string;
  wrong: string;
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

/**
 * Someone proving they hold an account before something that needs it (a new password or email, a
 * change to how the organization signs in, linking a single sign-on identity): 400 on the field when
 * the password is missing or wrong. Throttled as sign-in is: past the limit 429 before the password
 * is checked; every attempt counts against the account and the address before it is checked, and a
 * right one is given back.
 */
export async function assertAccountPassword(
  check: PasswordCheck,
  account: { email: string; passwordHash: string },
  password: string | undefined,
  messages: PasswordMessages,
): Promise<void> {
  if (!password) throw fieldError(messages.field, messages.missing);
  const right = await check.throttle.attempt(check.ipAddress, account.email, () =>
    verifyPassword(account.passwordHash, password),
  );
  if (!right) throw fieldError(messages.field, messages.wrong);
}
