import type { Db, DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { hashPassword } from '../lib/passwords.ts';
import { isUuid } from '../lib/uuid.ts';
import { SYSTEM } from '../modules/audit-logs/service.ts';
import {
  addOrganization,
  findOrganizationByName,
  getOrganization,
  listAdminOrganizations,
} from '../modules/organizations/service.ts';
import { addUser, isEmailTaken } from '../modules/users/service.ts';

export interface CreateAdminInput {
  email: string;
  displayName: string;
  /** An organization id, or a name (created when no organization has it). Optional when there is exactly one. */
  organization?: string | undefined;
  superAdmin: boolean;
  password: string;
}

export interface CreateAdminResult {
  userId: string;
  email: string;
  organization: { id: string; name: string; created: boolean };
}

/** Creates an administrator (and the organization, when named and new) with audit entries, in one transaction. */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await isEmailTaken(tx, email)) {
      throw new AppError('CONFLICT', `A user with the email ${email} already exists.`);
    }
    const organization = await organizationFor(tx, input.organization?.trim());
    const user = await addUser(tx, SYSTEM, {
      organizationId: organization.id,
      email,
      displayName: input.displayName.trim(),
      passwordHash,
      isAdmin: true,
      isSuperAdmin: input.superAdmin,
      canEditCompletedMaintenanceEvents: true,
    });
    return { userId: user.id, email, organization };
  });
}

/**
 * The organization `--organization` names: by id, or by name (created when no organization has it);
 * without one, the only organization there is.
 */
async function organizationFor(
  tx: DbOrTx,
  wanted: string | undefined,
): Promise<CreateAdminResult['organization']> {
  if (!wanted) {
    const { items, total } = await listAdminOrganizations(tx, { page: 1, pageSize: 1 });
    if (total !== 1 || !items[0]) {
      throw new AppError(
        'VALIDATION',
        total === 0
          ? 'There is no organization yet: name one with --organization "Name" and it will be created.'
          : 'There are several organizations: choose one with --organization <id or name>.',
      );
    }
    return { id: items[0].id, name: items[0].name, created: false };
  }
  if (isUuid(wanted)) {
    const found = await getOrganization(tx, wanted).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('NOT_FOUND', `No organization has the id ${wanted}.`);
      }
      throw error;
    });
    return { id: found.id, name: found.name, created: false };
  }
  const named = await findOrganizationByName(tx, wanted);
  if (named) return { id: named.id, name: named.name, created: false };
  const created = await addOrganization(tx, SYSTEM, wanted);
  return { id: created.id, name: created.name, created: true };
}
