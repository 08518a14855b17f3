import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createOrganization } from '#server/test/fixtures.ts';
import { createTestDatabase } from '#server/test/test-database.ts';
import { insertAssetWithFreeSlug } from './service.ts';

let database: DatabaseHandle;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  database = await createTestDatabase();
  orgA = (await createOrganization(database.ownerDb)).id;
  orgB = (await createOrganization(database.ownerDb)).id;
});
afterAll(() => database.close());

/** Slugs from a fixed list, so a collision is certain. */
const slugsFrom = (slugs: string[]) => () => slugs.shift() ?? 'fallback-zzzzzz';

describe('insertAssetWithFreeSlug', () => {
  it('tries a new suffix while the organization holds the slug; another organization may hold the same one', async () => {
    const next = slugsFrom(['pump-aaaaaa', 'pump-aaaaaa', 'pump-bbbbbb', 'pump-aaaaaa']);
    const first = await insertAssetWithFreeSlug(
      database.ownerDb,
      { organizationId: orgA, name: 'Pump' },
      next,
    );
    const second = await insertAssetWithFreeSlug(
      database.ownerDb,
      { organizationId: orgA, name: 'Pump' },
      next,
    );
    const inB = await insertAssetWithFreeSlug(database.ownerDb, { organizationId: orgB, name: 'Pump' }, next);
    expect(first.slug).toBe('pump-aaaaaa');
    expect(second.slug).toBe('pump-bbbbbb');
    expect(inB.slug).toBe('pump-aaaaaa');
  });

  it('gives up after ten slugs the organization already holds', async () => {
    await insertAssetWithFreeSlug(
      database.ownerDb,
      { organizationId: orgA, name: 'Valve' },
      () => 'valve-cccccc',
    );
    await expect(
      insertAssetWithFreeSlug(
        database.ownerDb,
        { organizationId: orgA, name: 'Valve' },
        () => 'valve-cccccc',
      ),
    ).rejects.toThrow('Could not find a free slug for the asset.');
  });
});
