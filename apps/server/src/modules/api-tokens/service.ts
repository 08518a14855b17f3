import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_HINT_LENGTH,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type TApiToken,
  type TApiTokenScope,
  type TCreatedApiToken,
  type ZCreateApiTokenBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '../audit-logs/index.ts';
import {
  countLiveTokens,
  findTokenForAuth,
  insertToken,
  type ListedApiTokenRow,
  listLiveTokens,
  lockTokenOwner,
  revokeToken,
  revokeUserTokens,
  type TokenAuthRow,
  touchToken,
} from './queries.ts';

export type CreateApiTokenInput = z.output<typeof ZCreateApiTokenBody>;

/** Who acts on tokens, from where, and what time it is. */
export interface ApiTokenContext {
  actor: AuthUser;
  ipAddress: string;
  clock: Clock;
}

/** "Last used" is written at most this often per token, whatever the request rate. */
export const LAST_USED_PRECISION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The token a request authenticated with: what the auth plugin keeps beside request.user. */
export interface RequestApiToken {
  id: string;
  scope: TApiTokenScope;
}

/** True when a bearer credential is an API token rather than a sign-in token (by its prefix). */
export function isApiTokenCredential(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

/** sha256 of the whole token, hex. The secret is 256 random bits: a fast hash is enough (ADR 061). */
export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toApiToken(row: Omit<ListedApiTokenRow, 'ownerEmail' | 'ownerDisplayName'>): TApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function withOwner(row: ListedApiTokenRow): TApiToken {
  return {
    ...toApiToken(row),
    owner: { id: row.userId, email: row.ownerEmail, displayName: row.ownerDisplayName },
  };
}

/**
 * A new token of the acting user, in their organization, with its CREATE audit entry. The secret is
 * answered this once and only its hash is kept. At most API_TOKENS_PER_USER live tokens per user
 * (409); two creations for one user take turns on the user's row, so the cap holds.
 */
export async function createApiToken(
  db: Db,
  context: ApiTokenContext,
  body: CreateApiTokenInput,
): Promise<TCreatedApiToken> {
  const { actor } = context;
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = context.clock.now();
  const row = await db.transaction(async (tx) => {
    if (!(await lockTokenOwner(tx, actor.organizationId, actor.id))) throw notFound('User');
    if ((await countLiveTokens(tx, actor.organizationId, actor.id)) >= API_TOKENS_PER_USER) {
      throw conflict(API_TOKEN_MESSAGES.tooMany);
    }
    const created = await insertToken(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      name: body.name,
      scope: body.scope,
      secretHash: hashApiToken(secret),
      hint: secret.slice(0, API_TOKEN_HINT_LENGTH),
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actor,
      action: 'CREATE',
      entityType: 'ApiToken',
      entityId: created.id,
      entityName: created.name,
      changes: { created: true, scope: created.scope, expiresAt: created.expiresAt.toISOString() },
      ipAddress: context.ipAddress,
    });
    return created;
  });
  return { token: toApiToken(row), secret };
}

type Page = { page: number; pageSize: number };

/** The acting user's live tokens (expired ones included until revoked), newest first. */
export async function listOwnApiTokens(db: DbOrTx, actor: AuthUser, page: Page) {
  const { rows, total } = await listLiveTokens(
    db,
    { organizationId: actor.organizationId, userId: actor.id },
    page,
  );
  return { items: rows.map(toApiToken), total };
}

/**
 * What an administrator reaches of their organization's tokens: a super administrator every one;
 * an organization administrator all but super administrators' (ADR 084), which they may not change.
 */
function organizationTokens(actor: AuthUser) {
  return { organizationId: actor.organizationId, ownersNotSuperAdmins: !actor.isSuperAdmin };
}

/** Administrators: the live tokens of their organization they reach, with their owners. */
export async function listOrganizationApiTokens(db: DbOrTx, actor: AuthUser, page: Page) {
  const { rows, total } = await listLiveTokens(db, organizationTokens(actor), page);
  return { items: rows.map(withOwner), total };
}

/**
 * Revokes a live token: one of the acting user's own (`own`), or one of their organization's that
 * they reach (administrators; see organizationTokens). Another user's or organization's token, a
 * super administrator's for an organization administrator, a revoked one or a malformed id: 404.
 * Audited as REVOKE in the organization, naming the owner when it is someone else.
 */
export async function revokeApiToken(
  db: Db,
  context: Omit<ApiTokenContext, 'clock'>,
  id: string,
  whose: 'own' | 'organization',
): Promise<void> {
  const { actor } = context;
  if (!isUuid(id)) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    const scope =
      whose === 'own'
        ? { organizationId: actor.organizationId, userId: actor.id }
        : organizationTokens(actor);
    const revoked = await revokeToken(tx, scope, id);
    if (!revoked) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actor,
      action: 'REVOKE',
      entityType: 'ApiToken',
      entityId: revoked.id,
      entityName: revoked.name,
      changes: {
        changes: { Status: { from: 'Active', to: 'Revoked' } },
        ...(revoked.userId === actor.id ? {} : { owner: revoked.ownerEmail }),
      },
      ipAddress: context.ipAddress,
    });
  });
}

/** Revokes every live token of a user, in the caller's transaction (their deactivation). */
export function revokeAllApiTokensOf(tx: DbOrTx, organizationId: string, userId: string): Promise<number> {
  return revokeUserTokens(tx, organizationId, userId);
}

/**
 * The user and token of an API token credential, or undefined when it does not authenticate
 * (malformed, unknown, revoked, expired, an inactive user, or a user no longer in the token's
 * organization). Marks the token used, at most once a minute.
 */
export async function authenticateApiToken(
  db: DbOrTx,
  credential: string,
  clock: Clock,
): Promise<{ user: TokenAuthRow['user']; token: RequestApiToken } | undefined> {
  if (!API_TOKEN_PATTERN.test(credential)) return undefined;
  const row = await findTokenForAuth(db, hashApiToken(credential));
  if (!row) return undefined;
  const { token, user } = row;
  const now = clock.now();
  if (token.revokedAt || token.expiresAt <= now) return undefined;
  if (!user.isActive || user.organizationId !== token.organizationId) return undefined;
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  if (!token.lastUsedAt || token.lastUsedAt < staleBefore) await touchToken(db, token.id, now, staleBefore);
  return { user, token: { id: token.id, scope: token.scope } };
}
