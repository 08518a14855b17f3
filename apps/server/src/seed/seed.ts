import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { assets, fieldDefinitions, organizations, users } from '../db/schema.ts';

export interface SeedOptions {
  organizationId: string;
  assets: number;
  events: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  onProgress?: (message: string) => void;
  /**
   * Where the new assets go (the bench's location tree): a SELECT of (slot, location_id) rows for the
   * slots 0 to `slots - 1`; the asset numbered i takes slot (i × a large odd number) mod `slots`, so
   * neighbours in the register land far apart. Without it, assets have no location.
   */
  placement?: { slots: number; places: SQL };
}

export interface SeedResult {
  assets: number;
  events: number;
}

export const ASSET_KINDS = [
  'Pump',
  'Boiler',
  'Chiller',
  'Air handler',
  'Compressor',
  'Generator',
  'Forklift',
  'Conveyor',
  'Fire extinguisher',
  'Elevator',
  'Water heater',
  'Cooling tower',
  'Transformer',
  'Fan coil',
  'Valve',
  'Press',
];
export const SITES = [
  'North plant',
  'South plant',
  'Warehouse',
  'Workshop',
  'Roof',
  'Basement',
  'Office block',
  'Yard',
];
export const TASKS = [
  'Quarterly inspection',
  'Filter replacement',
  'Lubrication',
  'Belt tension check',
  'Safety test',
  'Calibration',
  'Leak repair',
  'Firmware update',
  'Vibration analysis',
  'Annual service',
];
export const LOCATIONS = ['Plant room', 'Warehouse', 'Workshop', 'Roof', 'Basement'];

// A UUID v7 (time-ordered) made in SQL from a timestamp, as the application makes them.
const uuidV7 = (ts: string) =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

const textArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/** A custom field demo data fills, created when the organization has none with its key. */
export interface DemoField {
  target: 'Asset' | 'MaintenanceEvent';
  key: string;
  label: string;
  dataType: 'Text' | 'Number' | 'Date' | 'Boolean' | 'Select';
  maxLength?: number | null;
  options?: string[] | null;
  displayOrder: number;
}

/** The Asset fields every demo data set fills: a serial number and a location. */
export const SERIAL_NUMBER_FIELD: DemoField = {
  target: 'Asset',
  key: 'serial_number',
  label: 'Serial number',
  dataType: 'Text',
  maxLength: 40,
  displayOrder: 10,
};
export const LOCATION_FIELD: DemoField = {
  target: 'Asset',
  key: 'location',
  label: 'Location',
  dataType: 'Select',
  options: LOCATIONS,
  displayOrder: 20,
};

/**
 * The organization's fields with these keys, created when missing (an organization's own field of
 * the same key is used as it is). Answers each key's field id and the ids of the fields it created.
 */
export async function ensureDemoFields(
  db: DbOrTx,
  organizationId: string,
  wanted: DemoField[],
): Promise<{ idOf: (key: string) => string; created: string[] }> {
  const created = await db
    .insert(fieldDefinitions)
    // Public, as fields made on the fields screen are (ADR 091): the demo's QR pages show them.
    .values(
      wanted.map((field) => ({
        organizationId,
        target: field.target,
        key: field.key,
        label: field.label,
        dataType: field.dataType,
        maxLength: field.maxLength ?? null,
        options: field.options ?? null,
        displayOrder: field.displayOrder,
        isPublic: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: fieldDefinitions.id });
  const rows = await db
    .select({ id: fieldDefinitions.id, key: fieldDefinitions.key, target: fieldDefinitions.target })
    .from(fieldDefinitions)
    .where(eq(fieldDefinitions.organizationId, organizationId));
  const idOf = (key: string) => {
    const target = wanted.find((field) => field.key === key)!.target;
    return rows.find((row) => row.key === key && row.target === target)!.id;
  };
  return { idOf, created: created.map((row) => row.id) };
}

/**
 * Fills an organization with realistic assets (with custom values) and maintenance events, in set-based SQL
 * so a million rows take seconds, not hours. Bulk demo data: no audit entries are written for it.
 */
export async function seedOrganization(db: DbOrTx, options: SeedOptions): Promise<SeedResult> {
  const { organizationId } = options;
  const batchSize = options.batchSize ?? 20_000;
  const log = options.onProgress ?? (() => {});

  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw new Error(`No organization ${organizationId}`);
  const staff = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.createdAt))
    .limit(50);
  if (staff.length === 0)
    throw new Error('The organization has no users to record maintenance: create one first.');
  const staffIds = sql.raw(`ARRAY[${staff.map((u) => `'${u.id}'::uuid`).join(',')}]`);
  const staffNames = textArray(staff.map((u) => u.name));
  const demo = await ensureDemoFields(db, organizationId, [SERIAL_NUMBER_FIELD, LOCATION_FIELD]);
  const fields = { serialNumber: demo.idOf('serial_number'), location: demo.idOf('location') };

  // Continue numbering after the assets already there, so names and slugs stay unique across runs.
  const [existing] = await db
    .select({ n: count() })
    .from(assets)
    .where(eq(assets.organizationId, organizationId));
  const first = (existing?.n ?? 0) + 1;

  for (let start = 0; start < options.assets; start += batchSize) {
    const size = Math.min(batchSize, options.assets - start);
    const from = first + start;
    const placement = options.placement;
    await db.execute(sql`
      WITH ${placement ? sql`places AS (${placement.places}),` : sql``} made AS (
        SELECT i,
          (${textArray(ASSET_KINDS)})[1 + i % ${ASSET_KINDS.length}] AS kind,
          (${textArray(SITES)})[1 + (i / ${ASSET_KINDS.length}) % ${SITES.length}] AS site,
          -- Registered in the order they are numbered, over the last two years, as a register grows:
          -- the newest assets are also the last rows written (lists read them from a few pages).
          now() - (${first + options.assets - 1} - i + random()) * (interval '730 days' / ${Math.max(1, options.assets)}) AS ts
        FROM generate_series(${from}::int, ${from + size - 1}::int) AS i
      ), inserted AS (
        INSERT INTO assets (id, organization_id, name, slug, description, created_by_id, updated_by_id, created_at, updated_at, location_id)
        SELECT ${sql.raw(uuidV7('ts'))}, ${organizationId}::uuid, kind || ' ' || i || ' (' || site || ')',
          regexp_replace(lower(kind || '-' || i), '[^a-z0-9]+', '-', 'g') || '-' || substr(md5(random()::text), 1, 6),
          CASE WHEN i % 3 = 0 THEN kind || ' serving the ' || lower(site) || '.' END,
          ${staff[0]!.id}::uuid, ${staff[0]!.id}::uuid, ts, ts, ${placement ? sql`p.location_id` : sql`NULL::uuid`}
        FROM made
        ${placement ? sql`LEFT JOIN places p ON p.slot = (made.i::bigint * 2654435761) % ${placement.slots}` : sql``}
        RETURNING id, organization_id
      )
      INSERT INTO asset_field_values (organization_id, asset_id, field_id, value)
      SELECT organization_id, id, ${fields.serialNumber}::uuid, 'SN-' || upper(substr(md5(id::text), 1, 10)) FROM inserted
      UNION ALL
      SELECT organization_id, id, ${fields.location}::uuid, (${textArray(LOCATIONS)})[1 + floor(random() * ${LOCATIONS.length})::int] FROM inserted
    `);
    log(`assets: ${start + size} of ${options.assets}`);
  }

  // Events go to the organization's assets picked by position (row_number), spread over the past year.
  const [total] = await db
    .select({ n: count() })
    .from(assets)
    .where(eq(assets.organizationId, organizationId));
  const assetCount = total?.n ?? 0;
  if (options.events > 0 && assetCount === 0) throw new Error('No assets to record events on.');
  for (let start = 0; start < options.events; start += batchSize) {
    const size = Math.min(batchSize, options.events - start);
    await db.execute(sql`
      WITH targets AS (
        SELECT id, row_number() OVER (ORDER BY id) AS n FROM assets WHERE organization_id = ${organizationId}
      ), planned AS (
        SELECT j, 1 + (j::bigint * 7919) % ${assetCount} AS n, random() AS r,
          now() - random() * interval '365 days' AS performed,
          1 + floor(random() * ${staff.length})::int AS by_index
        FROM generate_series(${start + 1}::int, ${start + size}::int) AS j
      ), shaped AS (
        SELECT p.*, t.id AS asset_id,
          CASE WHEN p.r < 0.7 THEN 'Completed' WHEN p.r < 0.85 THEN 'InProgress' ELSE 'Pending' END AS status,
          least(now(), p.performed + random() * interval '4 hours') AS started,
          least(now(), p.performed + interval '1 hour' + random() * interval '72 hours') AS completed
        FROM planned p JOIN targets t ON t.n = p.n
      )
      INSERT INTO maintenance_events (id, organization_id, asset_id, title, notes, recorded_by, performed_at, task_status,
        task_started_at, task_started_by_id, task_completed_at, task_completed_by_id, created_by_id, updated_by_id, created_at, updated_at)
      SELECT ${sql.raw(uuidV7('performed'))}, ${organizationId}::uuid, asset_id,
        (${textArray(TASKS)})[1 + j % ${TASKS.length}],
        CASE WHEN j % 4 = 0 THEN 'Checked and logged during the scheduled round.' END,
        (${staffNames})[by_index], performed, status,
        CASE WHEN status <> 'Pending' THEN started END,
        CASE WHEN status <> 'Pending' THEN (${staffIds})[by_index] END,
        CASE WHEN status = 'Completed' THEN greatest(started, completed) END,
        CASE WHEN status = 'Completed' THEN (${staffIds})[by_index] END,
        (${staffIds})[by_index], (${staffIds})[by_index], performed, performed
      FROM shaped
    `);
    log(`events: ${start + size} of ${options.events}`);
  }
  // Fresh statistics, as autovacuum would give a live database: without them the planner guesses
  // after a bulk load and picks slow plans (ANALYZE, unlike VACUUM, may run in the seed's transaction).
  await db.execute(sql`analyze assets, asset_field_values, maintenance_events, users`);
  log('statistics refreshed');
  return { assets: options.assets, events: options.events };
}
