import { SLUG_PATTERN } from '@mqr/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { assetFieldValues, assets, maintenanceEvents } from '../db/schema.ts';
import { createTwoOrganizations } from '../test/fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { seedOrganization } from './seed.ts';

describe('seedOrganization', () => {
  let database: DatabaseHandle;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const fixture = await createTwoOrganizations(database.ownerDb);
    orgA = fixture.orgA.organization.id;
    orgB = fixture.orgB.organization.id;
    await seedOrganization(database.ownerDb, {
      organizationId: orgA,
      assets: 60,
      events: 150,
      batchSize: 25,
    });
  });
  afterAll(() => database.close());

  it('creates the requested assets with unique slugs, v7 ids and custom values, in that organization only', async () => {
    const rows = await database.ownerDb.select().from(assets).where(eq(assets.organizationId, orgA));
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(60);
    for (const row of rows) {
      expect(row.slug).toMatch(SLUG_PATTERN);
      expect(row.id[14]).toBe('7');
    }
    const [values] = await database.ownerDb
      .select({ n: count() })
      .from(assetFieldValues)
      .where(eq(assetFieldValues.organizationId, orgA));
    expect(values?.n).toBe(120);
    const [other] = await database.ownerDb
      .select({ n: count() })
      .from(assets)
      .where(eq(assets.organizationId, orgB));
    expect(other?.n).toBe(0);
  });

  it('creates events in every status with consistent task stamps', async () => {
    const events = await database.ownerDb
      .select()
      .from(maintenanceEvents)
      .where(eq(maintenanceEvents.organizationId, orgA));
    expect(events).toHaveLength(150);
    expect(new Set(events.map((e) => e.taskStatus))).toEqual(new Set(['Pending', 'InProgress', 'Completed']));
    for (const event of events) {
      if (event.taskStatus === 'Pending') expect(event.taskStartedAt).toBeNull();
      if (event.taskStatus !== 'Pending') expect(event.taskStartedById).not.toBeNull();
      if (event.taskStatus === 'Completed') {
        expect(event.taskCompletedAt!.getTime()).toBeGreaterThanOrEqual(event.taskStartedAt!.getTime());
      } else {
        expect(event.taskCompletedAt).toBeNull();
      }
    }
    const [spread] = await database.ownerDb
      .select({ n: sql<number>`count(distinct ${maintenanceEvents.assetId})::int` })
      .from(maintenanceEvents)
      .where(eq(maintenanceEvents.organizationId, orgA));
    expect(spread?.n).toBeGreaterThan(30);
  });

  it('continues numbering on a second run', async () => {
    await seedOrganization(database.ownerDb, { organizationId: orgA, assets: 5, events: 0 });
    const [total] = await database.ownerDb
      .select({ n: count() })
      .from(assets)
      .where(and(eq(assets.organizationId, orgA)));
    expect(total?.n).toBe(65);
  });
});
