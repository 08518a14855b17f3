import { z } from 'zod';
import { storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';

/**
 * Personal API tokens (docs/product/api-tokens.md, ADR 061): a script acts as its user with one of
 * these in `Authorization: Bearer mqr_…`. The prefix lets secret scanners find leaked ones.
 */
export const API_TOKEN_PREFIX = 'mqr_';
/** The prefix and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^mqr_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret kept and shown to tell tokens apart ("mqr_AbC1…"). */
export const API_TOKEN_HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type TApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** The longest a token lives: every token has an end (ADR 061). */
export const API_TOKEN_MAX_DAYS = 365;
/** The choices of the screen; the API takes any whole number of days up to the maximum. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
export const API_TOKEN_DEFAULT_DAYS = 30;
/** Tokens one person may have at once (revoked ones do not count; expired ones do until revoked). */
export const API_TOKENS_PER_USER = 50;

export const API_TOKEN_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'apiToken.nameRequired', message: 'Token name is required' },
    nameTooLong: said(
      /*i18n*/ {
        id: 'apiToken.nameTooLong',
        message: 'Token name must be at most {apiTokenNameMaxLength} characters.',
      },
      { apiTokenNameMaxLength: API_TOKEN_NAME_MAX_LENGTH },
    ),
    expiry: said(
      /*i18n*/ { id: 'apiToken.expiry', message: 'Choose an expiry from 1 to {apiTokenMaxDays} days.' },
      { apiTokenMaxDays: API_TOKEN_MAX_DAYS },
    ),
    tooMany: said(
      /*i18n*/ {
        id: 'apiToken.tooMany',
        message: 'You already have {apiTokensPerUser} API tokens. Revoke one you no longer use first.',
      },
      { apiTokensPerUser: API_TOKENS_PER_USER },
    ),
    readOnly: /*i18n*/ {
      id: 'apiToken.readOnly',
      message: 'This API token can only read. Create a token with read and write access to make changes.',
    },
    sessionOnly: /*i18n*/ {
      id: 'apiToken.sessionOnly',
      message:
        'API tokens cannot be used here. Sign in to manage API tokens, change your password or change how people sign in.',
    },
    notFound: /*i18n*/ { id: 'apiToken.notFound', message: 'API token not found.' },
  }),
} as const;

/** POST /api/api-tokens. */
export const ZCreateApiTokenBody = z.object({
  name: storableText({ message: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: API_TOKEN_MESSAGES.nameRequired })
    .max(API_TOKEN_NAME_MAX_LENGTH, { message: API_TOKEN_MESSAGES.nameTooLong }),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresInDays: z
    .number({ message: API_TOKEN_MESSAGES.expiry })
    .int({ message: API_TOKEN_MESSAGES.expiry })
    .min(1, { message: API_TOKEN_MESSAGES.expiry })
    .max(API_TOKEN_MAX_DAYS, { message: API_TOKEN_MESSAGES.expiry }),
});
export type TCreateApiTokenBody = z.input<typeof ZCreateApiTokenBody>;

/** A token as it is listed: never its secret. `owner` is in the administrators' list only. */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The prefix and the first characters of the secret, to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  owner: z.object({ id: z.string(), email: z.string(), displayName: z.string() }).optional(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer to a creation: the token and its secret, shown this once. */
export const ZCreatedApiToken = z.object({ token: ZApiToken, secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** True once the token's expiry has passed. */
export function isApiTokenExpired(token: Pick<TApiToken, 'expiresAt'>, now = Date.now()): boolean {
  return Date.parse(token.expiresAt) <= now;
}
