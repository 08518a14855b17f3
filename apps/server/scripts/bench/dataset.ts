// The benchmark's data set: one big organization beside many small ones, an asset with a long history,
// and an audit log, all made with set-based SQL. A database that already holds the same data set is reused.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { assets, fieldDefinitions, organizations, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { seedOrganization } from '#server/seed/seed.ts';
import {
  locationsFor,
  makeComponents,
  placementOf,
  seedLocationTree,
  type TenantLocations,
  tenantLocations,
} from './location-tree.ts';

export interface DatasetSize {
  bigAssets: number;
  bigEvents: number;
  smallOrganizations: number;
  smallAssets: number;
  /** Events on the one asset with a long history (big organization). */
  longHistory: number;
}

/** A tenant as the scenarios need it: who signs in, and assets to ask for. */
export interface Tenant {
  label: 'big' | 'small';
  organizationId: string;
  email: string;
  assetCount: number;
  sample: { id: string; slug: string };
  /** A search term that matches one asset only. */
  rareTerm: string;
  /** An asset half way down the list, to read on after (keyset) where no page number reaches. */
  middleId: string;
  /** The demo data's custom fields (seedOrganization): a Select (five locations) and a Text. */
  fields: { location: string; serialNumber: string };
  longHistory?: { id: string; slug: string };
  /** Its location tree (location-tree.ts): the site, building and floor the location rows ask for. */
  locations: TenantLocations;
}

export const BENCH_PASSWORD = 'bench-password-not-secret';
const BIG_PREFIX = 'Bench big';
const SMALL_PREFIX = 'Bench small';
const LONG_HISTORY_NAME = 'Long history boiler';

/** The big organization's name says the data set it holds, so a rerun knows whether to reuse it. */
function bigName(size: DatasetSize): string {
  return `${BIG_PREFIX}: ${size.bigAssets} assets, ${size.bigEvents} events, ${size.longHistory} on one; ${size.smallOrganizations} × ${size.smallAssets}; location trees`;
}

const emailOf = (organizationIndex: number) => `bench-${organizationIndex}@example.com`;

async function createBenchOrganization(db: Db, name: string, index: number, passwordHash: string) {
  const [organization] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  await db.insert(users).values({
    organizationId: organization!.id,
    email: emailOf(index),
    displayName: `Bench admin ${index}`,
    passwordHash,
    isAdmin: true,
  });
  return organization!.id;
}

/** One asset with `events` maintenance events, spread over five years, most of them completed. */
async function seedLongHistory(db: Db, organizationId: string, events: number): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  const [asset] = await db
    .insert(assets)
    .values({ organizationId, name: LONG_HISTORY_NAME, slug: 'long-history-boiler', createdById: admin!.id })
    .returning({ id: assets.id });
  await db.execute(sql`
    INSERT INTO maintenance_events (organization_id, id, asset_id, title, notes, performed_at, task_status,
      task_started_at, task_started_by_id, task_completed_at, task_completed_by_id, created_by_id, created_at, updated_at)
    SELECT ${organizationId}::uuid, gen_random_uuid(), ${asset!.id}::uuid, 'Daily inspection ' || i,
      'Pressure and temperature within range.', now() - i * interval '1 day',
      CASE WHEN i > 3 THEN 'Completed' ELSE 'Pending' END,
      CASE WHEN i > 3 THEN now() - i * interval '1 day' END, CASE WHEN i > 3 THEN ${admin!.id}::uuid END,
      CASE WHEN i > 3 THEN now() - i * interval '1 day' + interval '1 hour' END, CASE WHEN i > 3 THEN ${admin!.id}::uuid END,
      ${admin!.id}::uuid, now() - i * interval '1 day', now() - i * interval '1 day'
    FROM generate_series(1, ${events}) AS i
  `);
}

/** An audit log as the screens would have written it: one CREATE per asset and per event. */
async function seedAuditLog(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_log_entries (id, organization_id, user_id, user_name, action, entity_type, entity_id, entity_name, changes, ip_address, created_at)
    SELECT gen_random_uuid(), a.organization_id, a.created_by_id, 'Bench', 'CREATE', 'Asset', a.id, a.name, '{"created":true}', '10.0.0.1', a.created_at
    FROM assets a WHERE a.organization_id = ${organizationId}
    UNION ALL
    SELECT gen_random_uuid(), e.organization_id, e.created_by_id, 'Bench', 'CREATE', 'MaintenanceEvent', e.id, e.title, '{"created":true}', '10.0.0.1', e.created_at
    FROM maintenance_events e WHERE e.organization_id = ${organizationId}
  `);
}

/**
 * An organization's assets placed on a location tree of their size (a node per 100 assets, 60 at
 * least), then its events (the roll-up triggers count both as they are written), then a fifth of
 * its assets made components.
 */
async function seedPlacedOrganization(
  db: Db,
  organizationId: string,
  counts: { assets: number; events: number },
  log?: (message: string) => void,
): Promise<void> {
  const total = locationsFor(counts.assets);
  const shape = await seedLocationTree(db, organizationId, total);
  log?.(`location tree: ${shape.levels.join(' + ')} = ${total} locations`);
  const placement = await placementOf(db, organizationId, total);
  await seedOrganization(db, {
    organizationId,
    assets: counts.assets,
    events: 0,
    placement,
    ...(log ? { onProgress: log } : {}),
  });
  await seedOrganization(db, {
    organizationId,
    assets: 0,
    events: counts.events,
    ...(log ? { onProgress: log } : {}),
  });
  await makeComponents(db, organizationId);
}

async function seedEverything(db: Db, size: DatasetSize, log: (message: string) => void): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // Named for the data set only once it is complete: an interrupted seed is never taken for a whole one.
  const big = await createBenchOrganization(db, `${BIG_PREFIX} (seeding)`, 0, passwordHash);
  log(`big organization: ${size.bigAssets} assets, ${size.bigEvents} events`);
  // No assets: the small organizations alone, to compare a small tenant with and without the big one.
  if (size.bigAssets > 0) {
    await seedPlacedOrganization(db, big, { assets: size.bigAssets, events: size.bigEvents }, log);
    if (size.longHistory > 0) await seedLongHistory(db, big, size.longHistory);
    await seedAuditLog(db, big);
  }
  for (let index = 1; index <= size.smallOrganizations; index++) {
    const small = await createBenchOrganization(db, `${SMALL_PREFIX} ${index}`, index, passwordHash);
    await seedPlacedOrganization(db, small, { assets: size.smallAssets, events: size.smallAssets * 3 });
    await seedAuditLog(db, small);
    log(`small organization ${index} of ${size.smallOrganizations}`);
  }
  await db
    .update(organizations)
    .set({ name: bigName(size) })
    .where(eq(organizations.id, big));
  // Visibility maps and statistics, as autovacuum keeps them on a live database.
  await db.execute(sql`vacuum (analyze)`);
}

async function tenantOf(
  db: Db,
  label: Tenant['label'],
  organizationId: string,
  index: number,
): Promise<Tenant> {
  const rows = await db
    .select({ id: assets.id, slug: assets.slug, name: assets.name })
    .from(assets)
    .where(eq(assets.organizationId, organizationId))
    .orderBy(asc(assets.id))
    .limit(1);
  const counted = (await db.execute(
    sql`select count(*)::int as n from assets where organization_id = ${organizationId}`,
  )) as unknown as { rows: { n: number }[] };
  const n = counted.rows[0]!.n;
  const middle = (await db.execute(
    sql`select id from assets where organization_id = ${organizationId} order by created_at desc, id desc offset ${Math.floor(n / 2)} limit 1`,
  )) as unknown as { rows: { id: string }[] };
  const sample = rows[0]!;
  const fieldRows = await db
    .select({ id: fieldDefinitions.id, key: fieldDefinitions.key })
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.organizationId, organizationId), eq(fieldDefinitions.target, 'Asset')));
  const fieldId = (key: string) => {
    const field = fieldRows.find((row) => row.key === key);
    if (!field) throw new Error(`The data set has no ${key} field: give the benchmark an empty database.`);
    return field.id;
  };
  const [long] = await db
    .select({ id: assets.id, slug: assets.slug })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.name, LONG_HISTORY_NAME)));
  return {
    label,
    organizationId,
    email: emailOf(index),
    assetCount: n,
    sample: { id: sample.id, slug: sample.slug },
    // The slug's random suffix belongs to this one asset.
    rareTerm: sample.slug.slice(-6),
    middleId: middle.rows[0]!.id,
    fields: { location: fieldId('location'), serialNumber: fieldId('serial_number') },
    ...(long ? { longHistory: long } : {}),
    locations: await tenantLocations(db, organizationId),
  };
}

/**
 * The big tenant (none when it has no assets) and one small one, seeding first unless the database
 * already holds this data set. A database holding anything else is refused: the benchmark never
 * mixes its data with other data.
 */
export async function prepareDataset(
  db: Db,
  size: DatasetSize,
  log: (message: string) => void,
): Promise<{ big: Tenant | undefined; small: Tenant; reused: boolean }> {
  let [big] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, bigName(size)));
  const reused = big !== undefined;
  if (!big) {
    const [anything] = await db.select({ id: organizations.id }).from(organizations).limit(1);
    if (anything) {
      throw new Error(
        'The benchmark database holds other data: give it an empty database (or the same data set).',
      );
    }
    await seedEverything(db, size, log);
    [big] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, bigName(size)));
  }
  const [small] = await db
    .select()
    .from(organizations)
    .where(like(organizations.name, `${SMALL_PREFIX} %`))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  if (!big || !small) throw new Error('The data set is incomplete: give the benchmark an empty database.');
  return {
    big: size.bigAssets > 0 ? await tenantOf(db, 'big', big.id, 0) : undefined,
    small: await tenantOf(db, 'small', small.id, 1),
    reused,
  };
}
