import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { SYSTEM } from '../modules/audit-logs/service.ts';
import { addOrganization } from '../modules/organizations/service.ts';
import { addUser } from '../modules/users/service.ts';

export const DEMO_ORGANIZATION_NAME = 'Demo organization';
/** The advisory lock the first start takes, so several instances starting at once make one demo. */
const FIRST_START_LOCK_KEY = 7_151_100_002;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export interface FirstStartResult {
  organizationId: string;
  admin: { id: string; email: string; password: string; generated: boolean };
  member: { id: string; email: string; password: string; generated: boolean };
}

/** A boxed block that stands out in a console, for credentials shown once. */
export function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((l) => `| ${l.padEnd(width)} |`), border].join('\n');
}

export function credentialsBlock(result: FirstStartResult, publicBaseUrl: string): string {
  const shown = (p: { password: string; generated: boolean }) =>
    p.generated ? p.password : '(the password you configured)';
  return box([
    'Maintenance QR: first start. A demo organization was created.',
    '',
    `Sign in at ${publicBaseUrl}/login`,
    '',
    'Super administrator',
    `  Email:    ${result.admin.email}`,
    `  Password: ${shown(result.admin)}`,
    'Demo member',
    `  Email:    ${result.member.email}`,
    `  Password: ${shown(result.member)}`,
    '',
    'This is shown only once: generated passwords are not stored anywhere.',
    'Change them after signing in.',
  ]);
}

/**
 * On an empty database (no organization), creates the demo organization, a super administrator and a
 * demo member in one transaction with their audit entries, then prints the credentials once.
 * Returns undefined when the database already has data.
 */
export async function runFirstStart(
  db: Db,
  config: Pick<
    AppConfig,
    'adminEmail' | 'adminPassword' | 'demoMemberEmail' | 'demoMemberPassword' | 'publicBaseUrl'
  >,
  options: { print?: ((text: string) => void) | undefined; log?: FastifyBaseLogger } = {},
): Promise<FirstStartResult | undefined> {
  const existing = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (existing.length > 0) return undefined;

  const adminPassword = config.adminPassword ?? generatePassword();
  const memberPassword = config.demoMemberPassword ?? generatePassword();
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(adminPassword),
    hashPassword(memberPassword),
  ]);
  const adminEmail = config.adminEmail.toLowerCase();
  const memberEmail = config.demoMemberEmail.toLowerCase();

  const result = await db.transaction(async (tx) => {
    // Two instances starting at once on PostgreSQL: only one creates the demo data (a row lock would
    // not do: there is no row yet to lock).
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`);
    const again = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (again.length > 0) return undefined;
    const org = await addOrganization(tx, SYSTEM, DEMO_ORGANIZATION_NAME);
    const admin = await addUser(tx, SYSTEM, {
      organizationId: org.id,
      email: adminEmail,
      displayName: 'Administrator',
      passwordHash: adminHash,
      isAdmin: true,
      isSuperAdmin: true,
      canEditCompletedMaintenanceEvents: true,
    });
    const member = await addUser(tx, SYSTEM, {
      organizationId: org.id,
      email: memberEmail,
      displayName: 'Demo member',
      passwordHash: memberHash,
    });
    return {
      organizationId: org.id,
      admin: { id: admin.id, email: adminEmail, password: adminPassword, generated: !config.adminPassword },
      member: {
        id: member.id,
        email: memberEmail,
        password: memberPassword,
        generated: !config.demoMemberPassword,
      },
    };
  });
  if (!result) return undefined;

  options.log?.info({ organizationId: result.organizationId }, 'first start: demo organization created');
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  print(credentialsBlock(result, config.publicBaseUrl));
  return result;
}
