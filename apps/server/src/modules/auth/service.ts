import { LOGIN_MESSAGES, type TLoginBody, type TLoginResponse } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { unauthorized } from '#server/lib/app-error.ts';
import type { LoginThrottle } from '#server/lib/login-throttle.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { signedIn, type UserRow, verifyCredentials } from '../users/index.ts';

export interface LoginDeps {
  db: DbOrTx;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Throws when this user may not sign in with a password (single sign-on required, ADR 063). */
  assertPasswordAllowed?: (user: UserRow) => Promise<void>;
}

/**
 * Signs a user in. Unknown email, wrong password and inactive user all give the same 401 (see
 * verifyCredentials), so the answer does not reveal which accounts exist. Each attempt counts towards
 * the per-IP and per-email limits before the password is checked (a success clears the email's
 * count and is given back to the address; ADR 083). A right password of someone whose
 * organization requires single sign-on is refused after the check (so the refusal tells nothing to
 * someone who does not know the password).
 */
export async function login(deps: LoginDeps, body: TLoginBody, ip: string): Promise<TLoginResponse> {
  const email = body.email.toLowerCase();
  const user = await deps.throttle.attempt(ip, email, () => verifyCredentials(deps.db, email, body.password));
  if (!user) throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  await deps.assertPasswordAllowed?.(user);
  return signedIn(deps.tokens, user);
}
