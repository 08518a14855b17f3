import type { TLanguage } from '@mqr/contracts';
import type {} from 'fastify';

/** Who is acting: set by the auth plugin on every authenticated request. */
export interface AuthUser {
  id: string;
  organizationId: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  canEditCompletedMaintenanceEvents: boolean;
  /** The IANA time zone of the user's organization: what "today" is for them (ADR 051). */
  timeZone: string;
  /** When the account was created. */
  createdAt?: Date;
  /** Whether they get the daily digest by email (ADR 060). */
  dailyDigest: boolean;
  /** The language they chose; null follows their organization's (ADR 110). */
  language: TLanguage | null;
  /** Their organization's default language. */
  organizationLanguage: TLanguage;
  /** Their organization's currency (ISO 4217, ADR 131). */
  currency: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null until the auth plugin has authenticated the request. */
    user: AuthUser | null;
  }
}
