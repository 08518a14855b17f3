import { LOGIN_MESSAGES, type TLoginBody, type TLoginResponse } from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import type { LoginThrottle } from '../../lib/login-throttle.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { getUserByEmailForSignIn } from '../users/service.ts';

export interface LoginDeps {
  db: DbOrTx;
  tokens: TokenService;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
}

/**
 * Signs a user in. Unknown email, wrong password and inactive user all give the same 401 (and the
 * unknown email still costs one argon2 verification), so the answer does not reveal which accounts
 * exist. Failures count towards the per-IP and per-email limits, checked before the password.
 */
export async function login(deps: LoginDeps, body: TLoginBody, ip: string): Promise<TLoginResponse> {
  const email = body.email.toLowerCase();
  await guard(deps, () => deps.throttle.assertAllowed(ip, email));

  const user = await getUserByEmailForSignIn(deps.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
  if (!user || !passwordOk || !user.isActive) {
    await guard(deps, () => deps.throttle.recordFailure(ip, email));
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  await guard(deps, () => deps.throttle.recordSuccess(email));

  const { accessToken, expiresAt } = await deps.tokens.issueToken(user);
  return {
    accessToken,
    expiresAt,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    organizationId: user.organizationId,
    canEditCompletedMaintenanceEvents: user.canEditCompletedMaintenanceEvents,
  };
}

/**
 * Runs a throttle operation. Its own RATE_LIMITED error passes through; a failing store (Redis down)
 * is logged and ignored, so an outage of the shared counters does not stop everyone signing in.
 */
async function guard(deps: LoginDeps, operation: () => Promise<void>): Promise<void> {
  try {
    await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error }, 'Login throttle store failed; continuing without it');
  }
}
