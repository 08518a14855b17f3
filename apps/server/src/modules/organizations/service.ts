import type { TOrganization } from '@mqr/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOrganizationById, type OrganizationRow } from './queries.ts';

/** The public address of an organization's logo; served by the public routes. */
export function organizationLogoUrl(organizationId: string): string {
  return `/public/orgs/${organizationId}/logo`;
}

export function toOrganization(row: OrganizationRow): TOrganization {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoObjectKey ? organizationLogoUrl(row.id) : null,
  };
}

/** The organization with this id; NOT_FOUND when there is none. */
export async function getOrganization(db: DbOrTx, id: string): Promise<TOrganization> {
  const row = await findOrganizationById(db, id);
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}
