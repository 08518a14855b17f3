import { PROFILE_MESSAGES, type TProfileUpdateResponse, type ZProfileUpdateBody } from '@mqr/contracts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { unauthorized } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import type { LoginThrottle } from '#server/lib/login-throttle.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { diffChanges, recordAudit } from '../audit-logs/index.ts';
import { assertAccountPassword } from './password-check.ts';
import { findUserForUpdate, type UserRow, updateUser } from './queries.ts';
import {
  assertEmailFree,
  emailTaken,
  getUserByIdForAuth,
  toAuthUser,
  toCurrentUser,
  USERS_EMAIL_UNIQUE,
} from './service.ts';

// The signed-in user changing their own account (PUT /api/auth/me).

export type ProfileUpdateInput = z.output<typeof ZProfileUpdateBody>;

export interface ProfileDeps {
  db: Db;
  tokens: TokenService;
  /** The sign-in counters: a wrong current password counts as a failed sign-in of the account. */
  passwordThrottle: LoginThrottle;
  /** Answers that an email is taken, counted per user and address. */
  emailProbeThrottle: LoginThrottle;
}

export interface ProfileContext {
  actor: AuthUser;
  ipAddress: string;
}

/** What the audit entry shows of a password change: never the password or its hash. */
export const PASSWORD_AUDIT_CHANGE = { from: '[hidden]', to: '[changed]' } as const;

/**
 * PUT /api/auth/me: the signed-in user changes their display name, email or password, or turns
 * their daily digest on or off, or chooses their language (only the fields sent). A new email or password needs the current password, checked before anything else
 * (so a stolen token alone cannot probe which emails exist) and throttled as sign-in is: each
 * one counts against the account and the address before it is checked, a right one is given back.
 * Answers that an email is taken are throttled too. A new password bumps the token version, which ends every session of the user; the answer
 * carries a new token for this one. Audited as an UPDATE of the AppUser; a request that changes
 * nothing writes nothing.
 */
export async function updateProfile(
  deps: ProfileDeps,
  context: ProfileContext,
  body: ProfileUpdateInput,
): Promise<TProfileUpdateResponse> {
  const { actor } = context;
  const current = await getUserByIdForAuth(deps.db, actor.id);
  if (!current) throw unauthorized();

  const emailChanging = body.email !== undefined && body.email !== current.email;
  const passwordChanging = body.newPassword !== undefined;
  if (emailChanging || passwordChanging) {
    await assertAccountPassword(
      { throttle: deps.passwordThrottle, ipAddress: context.ipAddress },
      current,
      body.currentPassword,
      {
        field: 'currentPassword',
        missing: passwordChanging
          ? PROFILE_MESSAGES.currentPasswordRequired
          : PROFILE_MESSAGES.currentPasswordRequiredForEmail,
        wrong: PROFILE_MESSAGES.currentPasswordWrong,
      },
    );
  }
  const probe = {
    throttle: deps.emailProbeThrottle,
    ipAddress: context.ipAddress,
    actorId: actor.id,
  };
  if (emailChanging && body.email)
    await assertEmailFree(deps.db, probe, body.email, PROFILE_MESSAGES.emailTaken);
  const passwordHash = body.newPassword !== undefined ? await hashPassword(body.newPassword) : undefined;

  let saved: { row: UserRow; changed: boolean };
  try {
    saved = await deps.db.transaction(async (tx) => {
      const before = await findUserForUpdate(tx, actor.organizationId, actor.id);
      // The session ended meanwhile (deactivated, or another password change).
      if (!before?.isActive || before.tokenVersion !== current.tokenVersion) throw unauthorized();
      const after = {
        displayName: body.displayName ?? before.displayName,
        email: body.email ?? before.email,
        dailyDigest: body.dailyDigest ?? before.dailyDigest,
        language: body.language === undefined ? before.language : body.language,
      };
      const changes: Record<string, unknown> = diffChanges(
        {
          displayName: before.displayName,
          email: before.email,
          dailyDigest: before.dailyDigest,
          language: before.language,
        },
        after,
      );
      if (passwordHash) changes.password = PASSWORD_AUDIT_CHANGE;
      if (Object.keys(changes).length === 0) return { row: before, changed: false };

      const row = await updateUser(tx, before.organizationId, before.id, {
        ...after,
        ...(passwordHash ? { passwordHash, tokenVersion: before.tokenVersion + 1 } : {}),
        updatedAt: new Date(),
      });
      await recordAudit(tx, {
        organizationId: row.organizationId,
        actor,
        action: 'UPDATE',
        entityType: 'AppUser',
        entityId: row.id,
        entityName: row.email,
        changes: { changes },
        ipAddress: context.ipAddress,
      });
      return { row, changed: true };
    });
  } catch (error) {
    // Another request took the email between the check and the update.
    if (isUniqueViolation(error, USERS_EMAIL_UNIQUE))
      throw await emailTaken(probe, PROFILE_MESSAGES.emailTaken);
    throw error;
  }

  const response: TProfileUpdateResponse = toCurrentUser(
    toAuthUser({
      ...saved.row,
      timeZone: actor.timeZone,
      organizationLanguage: actor.organizationLanguage,
      currency: actor.currency,
    }),
  );
  if (saved.changed && passwordHash) {
    const { accessToken, expiresAt } = await deps.tokens.issueToken(saved.row);
    response.accessToken = accessToken;
    response.expiresAt = expiresAt;
  }
  return response;
}
