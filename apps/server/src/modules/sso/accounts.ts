import { randomBytes } from 'node:crypto';
import { SSO_ATTEMPT_TTL_SECONDS, SSO_MESSAGES, SSO_SAID, type TSsoLoginResponse } from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { AppError, conflict } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { recordAudit } from '../audit-logs/index.ts';
import {
  addUser,
  assertAccountPassword,
  getUserByEmail,
  getUserByIdForAuth,
  signedIn,
  USERS_EMAIL_UNIQUE,
  type UserRow,
} from '../users/index.ts';
import { acceptExisting, enabledProvider, type ProviderRow, refused, type SsoContext } from './context.ts';
import { claimLinkWithoutSubject, findLinkedUserId, linkIdentity, type ProviderIdentity } from './queries.ts';

// Who an identity at the organization's provider signs in as (ADR 082): the account linked to its
// issuer and subject, never an account found by email alone.

/** The index that keeps one account per identity. */
const SSO_IDENTITY_UNIQUE = 'sso_identities_subject_unique';

/** An identity the provider vouched for, waiting for its account's password (sealed in a cookie). */
interface PendingLink extends ProviderIdentity {
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** What a verified identity comes to: a signed-in account, or an account to link first. */
export type SignInOutcome =
  | { user: UserRow }
  | { linkRequired: { user: UserRow; providerName: string; organizationName: string; pending: string } };

export interface VerifiedPerson {
  subject: string;
  email: string;
  name: string;
  ipAddress: string;
}

/**
 * The account this identity signs in as: the one linked to it; else, for an email without an
 * account, a new member linked to it when the organization creates accounts; else, for an account
 * of this organization with that email, only once it links (linkRequired: its password, on the next
 * page), unless it is an account single sign-on created before identities were kept, whose link
 * to this issuer is waiting for its subject.
 */
export async function accountToSignIn(
  context: SsoContext,
  row: ProviderRow,
  person: VerifiedPerson,
): Promise<SignInOutcome> {
  const identity = { organizationId: row.organizationId, issuer: row.issuer, subject: person.subject };
  const linkedId = await findLinkedUserId(context.db, identity);
  const linked = linkedId ? await getUserByIdForAuth(context.db, linkedId) : undefined;
  if (linked) return { user: acceptExisting(row, linked) };

  const existing = await getUserByEmail(context.db, person.email);
  if (!existing) return createAccount(context, row, identity, person);
  const user = acceptExisting(row, existing);
  if (await claimLinkWithoutSubject(context.db, user.id, identity)) return { user };
  const pending: PendingLink = {
    ...identity,
    userId: user.id,
    expiresAt: context.clock.now().getTime() + SSO_ATTEMPT_TTL_SECONDS * 1000,
  };
  return {
    linkRequired: {
      user,
      providerName: row.displayName,
      organizationName: row.organizationName,
      pending: context.links.seal(JSON.stringify(pending)),
    },
  };
}

/** A new member for this identity, linked to it, when the organization creates accounts. */
async function createAccount(
  context: SsoContext,
  row: ProviderRow,
  identity: ProviderIdentity,
  person: VerifiedPerson,
): Promise<SignInOutcome> {
  if (!row.createUsers) throw refused(SSO_SAID.noAccount(person.email, row.organizationName));
  const id = uuidv7();
  const displayName = person.name.trim().slice(0, 200) || person.email.slice(0, person.email.indexOf('@'));
  // A password nobody knows: the account signs in through the provider.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return {
      user: await context.db.transaction(async (tx) => {
        const user = await addUser(
          tx,
          { actor: { id, displayName, email: person.email }, ipAddress: person.ipAddress },
          { id, organizationId: row.organizationId, email: person.email, displayName, passwordHash },
        );
        await linkIdentity(tx, user.id, identity);
        return user;
      }),
    };
  } catch (error) {
    // The same person's other tab (or a retry) created the account, and its link, a moment ago.
    if (!isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw error;
    return accountToSignIn(context, row, person);
  }
}

/** The pending link sealed in the cookie, unless missing, tampered, sealed elsewhere or expired. */
function openPending(context: SsoContext, sealed: string | undefined): PendingLink | undefined {
  const text = sealed ? context.links.open(sealed) : undefined;
  if (!text) return undefined;
  const pending = JSON.parse(text) as PendingLink;
  return pending.expiresAt > context.clock.now().getTime() ? pending : undefined;
}

/**
 * Links the account the provider vouched for (the pending link) once its password is given, then
 * signs it in. The password is throttled as a sign-in of the account (a wrong one: 400 on
 * `password`, counted). Refused as expired when the organization's provider changed meanwhile.
 * Audited as an UPDATE of the user; a link made already is not made or audited again.
 */
export async function linkSsoAccount(
  context: SsoContext,
  request: { pending: string | undefined; password: string; ipAddress: string; log: FastifyBaseLogger },
): Promise<TSsoLoginResponse> {
  const expired = () => new AppError('VALIDATION', SSO_MESSAGES.attemptExpired);
  const pending = openPending(context, request.pending);
  if (!pending) throw expired();
  const row = await enabledProvider(context, pending.organizationId);
  if (row?.issuer !== pending.issuer) throw expired();
  const found = await getUserByIdForAuth(context.db, pending.userId);
  if (!found) throw expired();
  const user = acceptExisting(row, found);
  const check = { throttle: context.passwordThrottle, ipAddress: request.ipAddress };
  await assertAccountPassword(check, user, request.password, {
    field: 'password',
    missing: SSO_MESSAGES.linkPasswordRequired,
    wrong: SSO_MESSAGES.linkPasswordWrong,
  });

  const identity = {
    organizationId: pending.organizationId,
    issuer: pending.issuer,
    subject: pending.subject,
  };
  try {
    await context.db.transaction(async (tx) => {
      if ((await findLinkedUserId(tx, identity)) === user.id) return;
      await linkIdentity(tx, user.id, identity);
      await recordAudit(tx, {
        organizationId: user.organizationId,
        actor: user,
        action: 'UPDATE',
        entityType: 'AppUser',
        entityId: user.id,
        entityName: user.email,
        changes: { changes: { singleSignOn: { from: null, to: `${row.displayName} (${row.issuer})` } } },
        ipAddress: request.ipAddress,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, SSO_IDENTITY_UNIQUE)) throw conflict(SSO_MESSAGES.identityTaken);
    throw error;
  }
  request.log.info(
    { userId: user.id, organizationId: user.organizationId },
    'single sign-on: account linked',
  );
  return { ...(await signedIn(context.tokens, user)), email: user.email };
}
