import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  createTwoOrganizations,
  createUser,
  type FixtureUser,
  loginAs,
  type OrgFixture,
} from './fixtures.ts';

/** The people of a tenant world. */
export type Role = 'adminA' | 'memberA' | 'adminB' | 'memberB' | 'superA';

export type AuthHeaders = { authorization: string };

export interface Tenants {
  orgA: OrgFixture;
  orgB: OrgFixture;
  /** A super administrator (and administrator) of organization A, named "Root". */
  superA: FixtureUser;
  /** Everyone signed in through the login route: their Authorization headers, by role. */
  headers: Record<Role, AuthHeaders>;
}

/**
 * Two organizations, each with an administrator and a member, and a super administrator in A, all
 * signed in. Sign-ins that succeed leave the per-address login counters as they were, so tests that
 * count failures from 127.0.0.1 start from zero.
 */
export async function createTenants(t: Pick<TestApp, 'app' | 'db'>): Promise<Tenants> {
  const { orgA, orgB } = await createTwoOrganizations(t.db);
  const superA = await createUser(t.db, orgA.organization.id, {
    isAdmin: true,
    isSuperAdmin: true,
    displayName: 'Root',
  });
  const people: Record<Role, FixtureUser> = {
    adminA: orgA.admin,
    memberA: orgA.member,
    adminB: orgB.admin,
    memberB: orgB.member,
    superA,
  };
  const signedIn = await Promise.all(
    Object.entries(people).map(async ([role, user]) => [role, (await loginAs(t.app, user)).headers] as const),
  );
  return { orgA, orgB, superA, headers: Object.fromEntries(signedIn) as Record<Role, AuthHeaders> };
}

export type TenantWorld = TestApp & Tenants;

/**
 * The set-up most API test files share: the app on a fresh database (buildTestApp's arguments) with
 * the tenants of createTenants. Registers the beforeAll that makes it and the afterAll that closes
 * it, so call it at the top of a file (or a describe) and use what it answers in hooks and tests.
 */
export function tenantWorld(...args: Parameters<typeof buildTestApp>): TenantWorld {
  const world = {} as TenantWorld;
  beforeAll(async () => {
    const t = await buildTestApp(...args);
    Object.assign(world, t, await createTenants(t));
  });
  afterAll(async () => {
    await world.close?.();
  });
  return world;
}
