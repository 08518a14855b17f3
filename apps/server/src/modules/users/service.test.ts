import { USER_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTwoOrganizations, type OrgFixture } from '../../test/fixtures.ts';
import { runBeforeEachTransaction } from '../../test/racing-db.ts';
import { createUser } from './service.ts';

let t: TestApp;
let orgA: OrgFixture;

beforeAll(async () => {
  t = await buildTestApp();
  ({ orgA } = await createTwoOrganizations(t.db));
});

afterAll(async () => {
  await t?.close();
});

describe('createUser', () => {
  it('answers 409 when the email is taken between its check and the insert (unique index)', async () => {
    const email = `race-${Math.random().toString(36).slice(2, 10)}@example.com`;
    // Another request inserts the same email right after the check, as a simultaneous request would.
    const racingDb = runBeforeEachTransaction(t.db, () =>
      t.db.insert(users).values({
        organizationId: orgA.organization.id,
        email,
        displayName: 'First',
        passwordHash: 'not-a-real-hash',
      }),
    );
    const actor = {
      id: orgA.admin.id,
      organizationId: orgA.organization.id,
      email: orgA.admin.email,
      displayName: orgA.admin.displayName,
      isAdmin: true,
      isSuperAdmin: false,
      canEditCompletedMaintenanceEvents: false,
    };
    const attempt = createUser(
      racingDb,
      { actor, ipAddress: '127.0.0.1' },
      {
        email,
        displayName: 'Second',
        password: 'a fine password',
        isAdmin: false,
        isActive: true,
        canEditCompletedMaintenanceEvents: false,
      },
      { throttle: t.app.emailProbeThrottle, log: t.app.log, ipAddress: '127.0.0.1', actorId: actor.id },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.emailTaken });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows.map((r) => r.displayName)).toEqual(['First']);
  });
});
