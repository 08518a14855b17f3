import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLogEntries, organizations, users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createdBySystem } from './system-audit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken.length > 0) throw new AppError('CONFLICT', `A user with the email ${email} already exists.`);

    let org: { id: string; name: string } | undefined;
    let created = false;
    const wanted = input.organization?.trim();
    if (!wanted) {
      const all = await tx
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .limit(2);
      if (all.length !== 1) {
        throw new AppError(
          'VALIDATION',
          all.length === 0
            ? 'There is no organization yet: name one with --organization "Name" and it will be created.'
            : 'There are several organizations: choose one with --organization <id or name>.',
        );
      }
      org = all[0];
    } else {
      if (UUID.test(wanted)) {
        [org] = await tx
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, wanted.toLowerCase()));
        if (!org) throw new AppError('NOT_FOUND', `No organization has the id ${wanted}.`);
      } else {
        const named = await tx
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(eq(organizations.name, wanted))
          .limit(2);
        if (named.length > 1) {
          throw new AppError('CONFLICT', `Several organizations are named "${wanted}": give the id instead.`);
        }
        org = named[0];
        if (!org) {
          [org] = await tx
            .insert(organizations)
            .values({ name: wanted })
            .returning({ id: organizations.id, name: organizations.name });
          created = true;
        }
      }
    }
    if (!org) throw new Error('organization not resolved');

    const [user] = await tx
      .insert(users)
      .values({
        organizationId: org.id,
        email,
        displayName: input.displayName.trim(),
        passwordHash,
        isAdmin: true,
        isSuperAdmin: input.superAdmin,
        canEditCompletedMaintenanceEvents: true,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user not created');

    await tx
      .insert(auditLogEntries)
      .values(
        createdBySystem(org.id, [
          ...(created ? [{ entityType: 'Organization' as const, id: org.id, name: org.name }] : []),
          { entityType: 'AppUser', id: user.id, name: email },
        ]),
      );
    return { userId: user.id, email, organization: { ...org, created } };
  });
}
