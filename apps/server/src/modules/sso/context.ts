import type { LookupAddress } from 'node:dns';
import { type Said, SSO_CALLBACK_PATH, SSO_MESSAGES, SSO_SAID } from '@mqr/contracts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, forbidden } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { LoginThrottle } from '#server/lib/login-throttle.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { emailAdministrators } from '../reminders/index.ts';
import type { UserRow } from '../users/index.ts';
import type { OidcClients } from './oidc.ts';
import { findSsoSettingsWithOrganization, type SsoSettingsRow } from './queries.ts';

/** What single sign-on works with; made once by the sso plugin. */
export interface SsoContext {
  db: Db;
  clock: Clock;
  oidc: OidcClients;
  /** Seals the client secrets stored in the database. */
  secrets: SecretBox;
  /** Seals the sign-in attempts kept in the browser's cookie. */
  attempts: SecretBox;
  /** Seals the identities waiting for their account's password (ADR 082), in the browser's cookie. */
  links: SecretBox;
  tokens: TokenService;
  /** The sign-in counters: an administrator's password for the settings, an account's to link. */
  passwordThrottle: LoginThrottle;
  publicBaseUrl: string;
  allowHttp: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: providers may be on loopback or private addresses (tests). */
  allowPrivateAddresses: boolean;
  /** How the settings resolve a provider's host names for the private-address check (tests replace it). */
  resolve: (host: string) => Promise<LookupAddress[]>;
  /** Emails the organization's administrators in the transaction of a change; absent without SMTP_URL. */
  alertAdministrators?: (tx: DbOrTx, alert: Parameters<typeof emailAdministrators>[2]) => Promise<void>;
}

/** An organization's enabled provider and the organization's name. */
export type ProviderRow = SsoSettingsRow & { organizationName: string };

export function redirectUri(context: Pick<SsoContext, 'publicBaseUrl'>): string {
  return `${context.publicBaseUrl}${SSO_CALLBACK_PATH}`;
}

export const refused = (message: string | Said) => forbidden(message);
export const unreachable = () => new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);

/** The enabled settings of an organization (any id, malformed too) and its name, or undefined. */
export async function enabledProvider(
  context: Pick<SsoContext, 'db'>,
  organizationId: string,
): Promise<ProviderRow | undefined> {
  if (!isUuid(organizationId)) return undefined;
  const row = await findSsoSettingsWithOrganization(context.db, organizationId.toLowerCase());
  return row?.enabled ? row : undefined;
}

/**
 * An account the organization's provider may sign in: of this organization (emails are unique
 * across the product, and one organization's provider never speaks for another's), never a super
 * administrator (they keep their password), and active.
 */
export function acceptExisting(row: ProviderRow, user: UserRow): UserRow {
  if (user.organizationId !== row.organizationId) {
    throw refused(SSO_SAID.otherOrganization(user.email, row.organizationName));
  }
  if (user.isSuperAdmin) throw refused(SSO_MESSAGES.superAdministrator);
  if (!user.isActive) throw refused(SSO_SAID.deactivated(row.organizationName));
  return user;
}
