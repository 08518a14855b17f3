import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { type LoginThrottle, throttled } from '#server/lib/login-throttle.ts';
import { verifyPassword } from '#server/lib/passwords.ts';

export interface PasswordCheck {
  /** The sign-in counters: a wrong password counts as a failed sign-in of the account. */
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
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
 * is checked, and a wrong one counts against the account and the address.
 */
export async function assertAccountPassword(
  check: PasswordCheck,
  account: { email: string; passwordHash: string },
  password: string | undefined,
  messages: PasswordMessages,
): Promise<void> {
  if (!password) throw fieldError(messages.field, messages.missing);
  await throttled(check.log, () => check.throttle.assertAllowed(check.ipAddress, account.email));
  if (await verifyPassword(account.passwordHash, password)) return;
  await throttled(check.log, () => check.throttle.recordFailure(check.ipAddress, account.email));
  throw fieldError(messages.field, messages.wrong);
}
