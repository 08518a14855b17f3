import { USER_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { runBeforeEachTransaction } from '#server/test/racing-db.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { createUser } from './service.ts';

const t = tenantWorld();

describe('createUser', () => {
  it('answers 409 when the email is taken between its check and the insert (unique index)', async () => {
    const email = `race-${Math.random().toString(36).slice(2, 10)}@example.com`;
    // Another request inserts the same email right after the check, as a simultaneous request would.
    const racingDb = runBeforeEachTransaction(t.db, () =>
      t.db.insert(users).values({
        organizationId: t.orgA.organization.id,
        email,
        displayName: 'First',
        passwordHash: 'not-a-real-hash',
      }),
    );
    const actor = {
      id: t.orgA.admin.id,
      organizationId: t.orgA.organization.id,
      email: t.orgA.admin.email,
      displayName: t.orgA.admin.displayName,
      isAdmin: true,
      isSuperAdmin: false,
      canEditCompletedMaintenanceEvents: false,
      timeZone: 'UTC',
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en' as const,
      currency: 'EUR',
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
      { throttle: t.app.emailProbeThrottle, ipAddress: '127.0.0.1', actorId: actor.id },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.emailTaken });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows.map((r) => r.displayName)).toEqual(['First']);
  });
});
