import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';

/**
 * The schema stays ready to be sharded by organization (ADR 142, docs/scaling.md): every table
 * carries organization_id, and every primary key and unique index of a table to be distributed
 * includes it, except the ones listed here, each for a reason docs/scaling.md gives. A new table or
 * key that does not fit fails here: decide where it goes, and list it (with its reason) if it must
 * be an exception.
 */

/** Tables without organization_id: the tenants themselves, and a table of no tenant. */
const WITHOUT_ORGANIZATION = {
  organizations: 'the tenants themselves: a reference table',
  used_report_challenges:
    "report challenges used, by their signature's hash: of no tenant, kept on the coordinator",
};

/** Tables whose organization_id may be empty. */
const ORGANIZATION_MAY_BE_NULL = {
  jobs: "the system's own jobs have none: the queue stays on the coordinator",
};

/** Tables copied whole to every node (Citus reference tables): looked up across organizations. */
const REFERENCE_TABLES = ['organizations', 'users', 'api_tokens', 'calendar_feeds'];
/** Tables kept on the coordinator alone. */
const COORDINATOR_TABLES = ['jobs', 'used_report_challenges'];

/**
 * Keys of distributed tables without organization_id, left for the move: each table's own id, which
 * the move makes (id, organization_id) with the foreign keys to it (a migration with no code change).
 */
const LEFT_FOR_THE_MOVE = [
  'asset_moves_pkey',
  'assets_pkey',
  'audit_log_entries_pkey',
  'checklist_template_versions_pkey',
  'checklist_templates_pkey',
  'email_outbox_pkey',
  'event_change_entries_pkey',
  'field_definitions_pkey',
  'files_pkey',
  'import_problems_pkey',
  'import_runs_pkey',
  'locations_pkey',
  'maintenance_events_pkey',
  'meter_readings_pkey',
  'meters_pkey',
  'request_photos_pkey',
  'requests_pkey',
  'schedules_pkey',
  'sso_identities_pkey',
  'task_cost_lines_pkey',
  'task_time_entries_pkey',
  'webhook_deliveries_pkey',
  'webhook_endpoints_pkey',
];

describe('sharding readiness: organization_id in every table and key (ADR 142)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await database.ownerDb.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('has organization_id in every table but the tenants and the used report challenges; empty only in jobs', async () => {
    const tables = await rows<{ name: string; organization: boolean; nullable: boolean | null }>(sql`
      select c.relname as name, a.attname is not null as organization, not a.attnotnull as nullable
      from pg_class c
      left join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and c.relname not like '__drizzle%'
      order by 1`);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => !t.organization).map((t) => t.name)).toEqual(
      Object.keys(WITHOUT_ORGANIZATION),
    );
    expect(tables.filter((t) => t.nullable).map((t) => t.name)).toEqual(
      Object.keys(ORGANIZATION_MAY_BE_NULL),
    );
  });

  it('has organization_id in every primary key and unique index of the tables to distribute, but those left for the move', async () => {
    const keys = await rows<{ table: string; name: string; organization: boolean }>(sql`
      select t.relname as "table", i.relname as name,
        pg_get_indexdef(i.oid) ~ '[(, ]organization_id[,)]' as organization
      from pg_index x
      join pg_class t on t.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
      where t.relnamespace = 'public'::regnamespace and x.indisunique and t.relname not like '__drizzle%'
      order by 2`);
    const distributed = keys.filter(
      (k) => !REFERENCE_TABLES.includes(k.table) && !COORDINATOR_TABLES.includes(k.table),
    );
    expect(distributed.filter((k) => !k.organization).map((k) => k.name)).toEqual(LEFT_FOR_THE_MOVE);
    // And the ones that have it: migration 0048 appended it where it was missing.
    expect(distributed.filter((k) => k.organization).map((k) => k.name)).toEqual(
      expect.arrayContaining([
        'asset_event_counts_asset_id_organization_id_pk',
        'asset_field_values_asset_id_field_id_organization_id_pk',
        'email_outbox_user_kind_date_unique',
        'files_object_key_unique',
        'location_rollups_location_id_organization_id_pk',
        'maintenance_events_schedule_due_unique',
        'pending_uploads_object_key_organization_id_pk',
        'request_photos_object_key_unique',
        'requests_token_hash_unique',
      ]),
    );
  });
});
