import {
  ASSIGNABLE_USERS_MAX,
  type TAdminUser,
  type TCurrentUser,
  type TUserOption,
  USER_MESSAGES,
  type ZCreateUserBody,
  type ZUpdateUserBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import type { LoginThrottle } from '#server/lib/login-throttle.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { revokeAllApiTokensOf } from '../api-tokens/index.ts';
import { type AuditSource, diffChanges, recordAudit } from '../audit-logs/index.ts';
import { targetOrganization } from '../organizations/index.ts';
import {
  type AdminUserRow,
  type AuthUserRow,
  findAdminUser,
  findUserByEmail,
  findUserById,
  findUserForAuth,
  findUserForUpdate,
  insertUser,
  listActiveUserOptions,
  listAllUsers,
  listOrganizationUsers,
  type UserInsert,
  type UserRow,
  updateUser as updateUserRow,
} from './queries.ts';

export type { UserRow };
export type CreateUserInput = z.output<typeof ZCreateUserBody>;
export type UpdateUserInput = z.output<typeof ZUpdateUserBody>;

/** The unique index that keeps emails unique across the product. */
export const USERS_EMAIL_UNIQUE = 'users_email_unique';

export interface UserActionContext {
  actor: AuthUser;
  ipAddress: string;
}

/**
 * The active user (of any organization) with this email and password; undefined for an unknown
 * email, a wrong password or an inactive user alike. An unknown email still costs one argon2
 * verification, so the time taken does not tell which accounts exist either.
 */
export async function verifyCredentials(
  db: DbOrTx,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  return user && passwordOk && user.isActive ? user : undefined;
}

/** The user a token names (any organization, active or not), with its organization's time zone; undefined for a malformed id. */
export async function getUserByIdForAuth(db: DbOrTx, id: string): Promise<AuthUserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return findUserForAuth(db, id);
}

/** The user (of any organization, active or not) with this email: single sign-on looks people up by it. */
export async function getUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** True when some user (of any organization) has this email. */
export async function isEmailTaken(db: DbOrTx, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    timeZone: row.timeZone,
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    displayName: row.displayName,
    isAdmin: row.isAdmin,
    isSuperAdmin: row.isSuperAdmin,
    canEditCompletedMaintenanceEvents: row.canEditCompletedMaintenanceEvents,
    createdAt: row.createdAt,
    dailyDigest: row.dailyDigest,
    language: row.language,
    organizationLanguage: row.organizationLanguage,
    currency: row.currency,
  };
}

export function toCurrentUser(user: AuthUser): TCurrentUser {
  return {
    displayName: user.displayName,
    email: user.email,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    organizationId: user.organizationId,
    canEditCompletedMaintenanceEvents: user.canEditCompletedMaintenanceEvents,
    ...(user.createdAt ? { createdAt: user.createdAt.toISOString() } : {}),
    dailyDigest: user.dailyDigest,
    language: user.language,
    organizationLanguage: user.organizationLanguage,
    currency: user.currency,
  };
}

export function toAdminUser(row: AdminUserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    isAdmin: row.isAdmin,
    isSuperAdmin: row.isSuperAdmin,
    isActive: row.isActive,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    canEditCompletedMaintenanceEvents: row.canEditCompletedMaintenanceEvents,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 409 on the email field: the email belongs to another user. */
export function emailTakenError(message: string): AppError {
  return new AppError('CONFLICT', message, { fields: [{ path: 'email', message }] });
}

/** Who asks whether an email is taken: those answers are counted per user and per address. */
export interface EmailProbe {
  throttle: LoginThrottle;
  ipAddress: string;
  actorId: string;
}

/**
 * 409 when the email belongs to someone (any organization). Whether an email exists must not be
 * learnable without limit: each look-up counts before it runs and a free email is given back, so
 * past the limit of "taken" answers the request is refused (429) first, even when sent at once.
 */
export async function assertEmailFree(db: DbOrTx, probe: EmailProbe, email: string, message: string) {
  const free = await probe.throttle.attempt(probe.ipAddress, probe.actorId, async () => {
    return !(await isEmailTaken(db, email));
  });
  if (!free) throw emailTakenError(message);
}

/** Counts one "taken" answer found after the check (the unique index) and returns the 409 to throw. */
export async function emailTaken(probe: EmailProbe, message: string): Promise<AppError> {
  await probe.throttle.consume(probe.ipAddress, probe.actorId);
  return emailTakenError(message);
}

/**
 * The admin screen's list: an administrator sees the users of their organization, a super
 * administrator every user of the product. Newest first, paged in SQL.
 */
export async function listAdminUsers(
  db: DbOrTx,
  actor: AuthUser,
  page: { page: number; pageSize: number },
): Promise<{ items: TAdminUser[]; total: number }> {
  const { rows, total } = actor.isSuperAdmin
    ? await listAllUsers(db, page)
    : await listOrganizationUsers(db, actor.organizationId, page);
  return { items: rows.map(toAdminUser), total };
}

/** Whom a task can be assigned to: the organization's active users, by name, at most ASSIGNABLE_USERS_MAX. */
export function listAssignableUsers(db: DbOrTx, organizationId: string): Promise<TUserOption[]> {
  return listActiveUserOptions(db, organizationId, ASSIGNABLE_USERS_MAX);
}

async function loadAdminUser(db: DbOrTx, organizationId: string, id: string): Promise<TAdminUser> {
  const row = await findAdminUser(db, organizationId, id);
  if (!row) throw notFound('User');
  return toAdminUser(row);
}

/** A new user: a member unless its flags say otherwise; its id made here unless given. */
export type NewUser = Pick<UserInsert, 'organizationId' | 'email' | 'displayName' | 'passwordHash'> &
  Partial<
    Pick<UserInsert, 'id' | 'isAdmin' | 'isSuperAdmin' | 'isActive' | 'canEditCompletedMaintenanceEvents'>
  >;

/**
 * Inserts a user and its CREATE entry in the user's organization, in the caller's transaction. A
 * taken email throws the unique violation of USERS_EMAIL_UNIQUE.
 */
export async function addUser(tx: DbOrTx, source: AuditSource, user: NewUser): Promise<UserRow> {
  const row = await insertUser(tx, user);
  await recordAudit(tx, {
    organizationId: row.organizationId,
    actor: source.actor,
    action: 'CREATE',
    entityType: 'AppUser',
    entityId: row.id,
    entityName: row.email,
    changes: { created: true },
    ipAddress: source.ipAddress,
  });
  return row;
}

/** Creates a user (never a super administrator) and its audit entry in the user's organization. */
export async function createUser(
  db: Db,
  context: UserActionContext,
  body: CreateUserInput,
  probe: EmailProbe,
): Promise<TAdminUser> {
  const organizationId = await targetOrganization(
    db,
    context.actor,
    body.organizationId,
    USER_MESSAGES.otherOrganization,
  );
  await assertEmailFree(db, probe, body.email, USER_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(body.password);
  let created: UserRow;
  try {
    created = await db.transaction((tx) =>
      addUser(tx, context, {
        organizationId,
        email: body.email,
        displayName: body.displayName,
        passwordHash,
        isAdmin: body.isAdmin,
        isSuperAdmin: false,
        isActive: body.isActive,
        canEditCompletedMaintenanceEvents: body.canEditCompletedMaintenanceEvents,
      }),
    );
  } catch (error) {
    // Another request took the email between the check and the insert.
    if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw await emailTaken(probe, USER_MESSAGES.emailTaken);
    throw error;
  }
  return loadAdminUser(db, organizationId, created.id);
}

/** What an administrator may change of a user, as it is audited. */
function adminSnapshot(
  row: Pick<UserRow, 'displayName' | 'isAdmin' | 'isActive' | 'canEditCompletedMaintenanceEvents'>,
) {
  return {
    displayName: row.displayName,
    isAdmin: row.isAdmin,
    isActive: row.isActive,
    canEditCompletedMaintenanceEvents: row.canEditCompletedMaintenanceEvents,
  };
}

/**
 * Changes the fields sent (isSuperAdmin is never changed here). Administrators reach the users of
 * their organization only (404 otherwise), super administrators any user. Nothing about a super
 * administrator is changed by someone who is not one (403). Nobody removes their own admin flag or
 * deactivates themselves (409). The change takes effect at the user's next request: the auth plugin
 * reads the row on every request. Deactivation also bumps the token version and revokes the user's
 * API tokens, so their tokens stay dead after a reactivation. Audited in the target's organization; a request that changes
 * nothing writes nothing.
 */
export async function updateUserAsAdmin(
  db: Db,
  context: UserActionContext,
  id: string,
  body: UpdateUserInput,
): Promise<TAdminUser> {
  const { actor } = context;
  let organizationId: string | undefined = actor.organizationId;
  if (!isUuid(id)) organizationId = undefined;
  else if (actor.isSuperAdmin) organizationId = (await findUserById(db, id))?.organizationId;
  if (!organizationId) throw notFound('User');
  const scope = organizationId;

  return db.transaction(async (tx) => {
    const before = await findUserForUpdate(tx, scope, id);
    if (!before) throw notFound('User');
    if (before.isSuperAdmin && !actor.isSuperAdmin) throw forbidden(USER_MESSAGES.superAdminTarget);
    const after = adminSnapshot({
      displayName: body.displayName ?? before.displayName,
      isAdmin: body.isAdmin ?? before.isAdmin,
      isActive: body.isActive ?? before.isActive,
      canEditCompletedMaintenanceEvents:
        body.canEditCompletedMaintenanceEvents ?? before.canEditCompletedMaintenanceEvents,
    });
    const changes = diffChanges(adminSnapshot(before), after);
    if (Object.keys(changes).length === 0) return loadAdminUser(tx, scope, id);

    if (before.id === actor.id) {
      if ('isAdmin' in changes && !after.isAdmin) throw conflict(USER_MESSAGES.selfAdmin);
      if ('isActive' in changes && !after.isActive) throw conflict(USER_MESSAGES.selfDeactivate);
    }

    const deactivated = before.isActive && !after.isActive;
    const updated = await updateUserRow(tx, scope, id, {
      ...after,
      ...(deactivated ? { tokenVersion: before.tokenVersion + 1 } : {}),
      updatedAt: new Date(),
    });
    // Their API tokens end with the account: a reactivation does not bring them back (ADR 061).
    if (deactivated) await revokeAllApiTokensOf(tx, scope, id);
    await recordAudit(tx, {
      organizationId: updated.organizationId,
      actor,
      action: 'UPDATE',
      entityType: 'AppUser',
      entityId: updated.id,
      entityName: updated.email,
      changes: { changes },
      ipAddress: context.ipAddress,
    });
    return loadAdminUser(tx, scope, id);
  });
}
