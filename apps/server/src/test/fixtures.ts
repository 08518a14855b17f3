import { randomBytes } from 'node:crypto';
import type { TLoginResponse } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { organizations, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';

export interface FixtureUser {
  id: string;
  email: string;
  /** The plain password, for signing in. */
  password: string;
  displayName: string;
  organizationId: string;
}

export interface OrgFixture {
  organization: { id: string; name: string };
  /** isAdmin, not super admin. */
  admin: FixtureUser;
  /** Neither admin nor super admin. */
  member: FixtureUser;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  displayName?: string;
  isAdmin?: boolean;
  isSuperAdmin?: boolean;
  isActive?: boolean;
  canEditCompletedMaintenanceEvents?: boolean;
  tokenVersion?: number;
}

export const DEFAULT_FIXTURE_PASSWORD = 'correct horse battery';

// argon2id is deliberately slow: hash each distinct password once per test worker.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

const unique = () => randomBytes(4).toString('hex');

export async function createOrganization(
  db: DbOrTx,
  name = `Org ${unique()}`,
): Promise<{ id: string; name: string }> {
  const [row] = await db.insert(organizations).values({ name }).returning();
  return { id: row!.id, name: row!.name };
}

/** Inserts a user (a member unless overridden) with a unique email. */
export async function createUser(
  db: DbOrTx,
  organizationId: string,
  overrides: UserOverrides = {},
): Promise<FixtureUser> {
  const password = overrides.password ?? DEFAULT_FIXTURE_PASSWORD;
  const email = (overrides.email ?? `user-${unique()}@example.com`).toLowerCase();
  const displayName = overrides.displayName ?? `User ${unique()}`;
  const [row] = await db
    .insert(users)
    .values({
      organizationId,
      email,
      displayName,
      passwordHash: await cachedHash(password),
      isAdmin: overrides.isAdmin ?? false,
      isSuperAdmin: overrides.isSuperAdmin ?? false,
      isActive: overrides.isActive ?? true,
      canEditCompletedMaintenanceEvents: overrides.canEditCompletedMaintenanceEvents ?? false,
      tokenVersion: overrides.tokenVersion ?? 0,
    })
    .returning();
  return { id: row!.id, email, password, displayName, organizationId };
}

/** Two organizations, each with an administrator and a member: the base of cross-tenant tests. */
export async function createTwoOrganizations(db: DbOrTx): Promise<{ orgA: OrgFixture; orgB: OrgFixture }> {
  const make = async (label: string): Promise<OrgFixture> => {
    const organization = await createOrganization(db, `Organization ${label} ${unique()}`);
    const admin = await createUser(db, organization.id, { isAdmin: true, displayName: `Admin ${label}` });
    const member = await createUser(db, organization.id, { displayName: `Member ${label}` });
    return { organization, admin, member };
  };
  const orgA = await make('A');
  const orgB = await make('B');
  return { orgA, orgB };
}

/** Signs in through the real route; throws with the response body when sign-in fails. */
export async function loginAs(
  app: FastifyInstance,
  user: Pick<FixtureUser, 'email' | 'password'>,
): Promise<{ token: string; headers: { authorization: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`loginAs(${user.email}) failed: ${response.statusCode} ${response.body}`);
  }
  const { accessToken } = response.json<TLoginResponse>();
  return { token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}
