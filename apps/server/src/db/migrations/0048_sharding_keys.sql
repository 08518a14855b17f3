-- Sharding readiness (ADR 142, docs/scaling.md): every primary key and unique index of a tenant table
-- that is not the table's own id, nor a lookup by a secret, gets organization_id, appended last so
-- that every lookup keeps its index. The triggers' and the queries' ON CONFLICT targets follow, and
-- the roll-up triggers join the locations by organization too (a join Citus can keep on one shard).
DROP INDEX "email_outbox_user_kind_date_unique";--> statement-breakpoint
DROP INDEX "files_object_key_unique";--> statement-breakpoint
DROP INDEX "maintenance_events_schedule_due_unique";--> statement-breakpoint
DROP INDEX "request_photos_object_key_unique";--> statement-breakpoint
DROP INDEX "requests_token_hash_unique";--> statement-breakpoint
ALTER TABLE "asset_field_values" DROP CONSTRAINT "asset_field_values_asset_id_field_id_pk";--> statement-breakpoint
ALTER TABLE "event_field_values" DROP CONSTRAINT "event_field_values_event_id_field_id_pk";--> statement-breakpoint
ALTER TABLE "import_changes" DROP CONSTRAINT "import_changes_import_id_asset_id_pk";--> statement-breakpoint
ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_import_id_row_number_pk";--> statement-breakpoint
ALTER TABLE "location_due_rollups" DROP CONSTRAINT "location_due_rollups_location_id_due_on_pk";--> statement-breakpoint
ALTER TABLE "request_me_toos" DROP CONSTRAINT "request_me_toos_request_id_sender_hash_pk";--> statement-breakpoint
ALTER TABLE "schedule_field_values" DROP CONSTRAINT "schedule_field_values_schedule_id_field_id_pk";--> statement-breakpoint
ALTER TABLE "asset_event_counts" DROP CONSTRAINT "asset_event_counts_pkey";--> statement-breakpoint
ALTER TABLE "location_rollups" DROP CONSTRAINT "location_rollups_pkey";--> statement-breakpoint
ALTER TABLE "pending_uploads" DROP CONSTRAINT "pending_uploads_pkey";--> statement-breakpoint
ALTER TABLE "asset_event_counts" ADD CONSTRAINT "asset_event_counts_asset_id_organization_id_pk" PRIMARY KEY("asset_id","organization_id");--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD CONSTRAINT "asset_field_values_asset_id_field_id_organization_id_pk" PRIMARY KEY("asset_id","field_id","organization_id");--> statement-breakpoint
ALTER TABLE "event_field_values" ADD CONSTRAINT "event_field_values_event_id_field_id_organization_id_pk" PRIMARY KEY("event_id","field_id","organization_id");--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_asset_id_organization_id_pk" PRIMARY KEY("import_id","asset_id","organization_id");--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_row_number_organization_id_pk" PRIMARY KEY("import_id","row_number","organization_id");--> statement-breakpoint
ALTER TABLE "location_due_rollups" ADD CONSTRAINT "location_due_rollups_location_id_due_on_organization_id_pk" PRIMARY KEY("location_id","due_on","organization_id");--> statement-breakpoint
ALTER TABLE "location_rollups" ADD CONSTRAINT "location_rollups_location_id_organization_id_pk" PRIMARY KEY("location_id","organization_id");--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_object_key_organization_id_pk" PRIMARY KEY("object_key","organization_id");--> statement-breakpoint
ALTER TABLE "request_me_toos" ADD CONSTRAINT "request_me_toos_request_id_sender_hash_organization_id_pk" PRIMARY KEY("request_id","sender_hash","organization_id");--> statement-breakpoint
ALTER TABLE "schedule_field_values" ADD CONSTRAINT "schedule_field_values_schedule_id_field_id_organization_id_pk" PRIMARY KEY("schedule_id","field_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_user_kind_date_unique" ON "email_outbox" USING btree ("user_id","kind","local_date","organization_id") WHERE "email_outbox"."kind" = 'daily_digest';--> statement-breakpoint
CREATE UNIQUE INDEX "files_object_key_unique" ON "files" USING btree ("object_key","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_events_schedule_due_unique" ON "maintenance_events" USING btree ("schedule_id","due_on","organization_id") WHERE "maintenance_events"."schedule_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "request_photos_object_key_unique" ON "request_photos" USING btree ("object_key","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_token_hash_unique" ON "requests" USING btree ("token_hash","organization_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_event_count_changes()
 RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  -- Statement-level: one upsert per asset and statement, however many rows (a history import adds
  -- thousands in one write), in asset order so two writers lock the same rows in the same order.
  -- Events never move between assets (no update changes asset_id), so inserts and deletes are all.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO asset_event_counts AS c (asset_id, organization_id, events)
    SELECT asset_id, organization_id, count(*) FROM new_rows GROUP BY asset_id, organization_id ORDER BY asset_id
    ON CONFLICT (asset_id, organization_id) DO UPDATE SET events = c.events + excluded.events;
  ELSE
    UPDATE asset_event_counts AS c SET events = c.events - gone.events
    FROM (SELECT asset_id, organization_id, count(*) AS events FROM old_rows GROUP BY asset_id, organization_id) AS gone
    WHERE c.asset_id = gone.asset_id AND c.organization_id = gone.organization_id;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_rollup_asset_changes()
 RETURNS trigger LANGUAGE plpgsql AS $function$
DECLARE
  changed text;
  located boolean;
BEGIN
  -- What a location holds, rolled up its path (ADR 122): each asset in service counts at its
  -- location and every location above it, and so do its open tasks (per due date for the planned
  -- ones). Statement-level, as the other tallies: a bulk move is one upsert per table. A row that
  -- leaves counts -1 where it was, one that arrives +1 where it is; an update that changes neither
  -- the location nor the retirement is left out.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, id, organization_id, location_id, retired_at IS NULL AS in_service FROM new_rows WHERE location_id IS NOT NULL'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, id, organization_id, location_id, retired_at IS NULL AS in_service FROM old_rows WHERE location_id IS NOT NULL'
    ELSE 'SELECT s.* FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (-1, o.id, o.organization_id, o.location_id, o.retired_at IS NULL),
          (1, n.id, n.organization_id, n.location_id, n.retired_at IS NULL)) AS s(sign, id, organization_id, location_id, in_service)
        WHERE (o.location_id IS DISTINCT FROM n.location_id OR (o.retired_at IS NULL) <> (n.retired_at IS NULL))
          AND s.location_id IS NOT NULL'
  END;
  -- Most writes touch no asset with a location (an organization without a tree): nothing to count.
  EXECUTE format('SELECT EXISTS (%s)', changed) INTO located;
  IF NOT located THEN
    RETURN NULL;
  END IF;
  -- The locations' rows and the moved assets' open tasks are locked first, then read with a snapshot
  -- taken after the locks: a location move rewriting these paths, or a task completed meanwhile, is
  -- either done before (and seen) or waits for this transaction (and sees it).
  EXECUTE format('SELECT 1 FROM locations l WHERE l.id IN (SELECT c.location_id FROM (%s) c) FOR SHARE OF l', changed);
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format($sql$SELECT 1 FROM maintenance_events e WHERE e.task_status <> 'Completed'
      AND e.asset_id IN (SELECT c.id FROM (%s) c) FOR UPDATE OF e$sql$, changed);
  END IF;
  EXECUTE format($sql$
    WITH changed AS (%s), deltas AS (
      SELECT c.organization_id, c.location_id, sum(CASE WHEN c.in_service THEN c.sign ELSE 0 END) AS assets, 0 AS open_tasks
      FROM changed c GROUP BY 1, 2
      UNION ALL
      SELECT c.organization_id, c.location_id, 0, sum(c.sign)
      FROM changed c JOIN maintenance_events e ON e.organization_id = c.organization_id AND e.asset_id = c.id
        AND e.task_status <> 'Completed'
      GROUP BY 1, 2
    )
    INSERT INTO location_rollups AS r (location_id, organization_id, assets, own_assets, open_tasks)
    SELECT x.id, d.organization_id, sum(d.assets), sum(CASE WHEN x.id = d.location_id THEN d.assets ELSE 0 END),
      sum(d.open_tasks)
    FROM deltas d JOIN locations l ON l.id = d.location_id AND l.organization_id = d.organization_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2
    -- An asset moved below its old location leaves that location's rolled-up count as it was, and
    -- changes its own count only.
    HAVING sum(d.assets) <> 0 OR sum(d.open_tasks) <> 0
      OR sum(CASE WHEN x.id = d.location_id THEN d.assets ELSE 0 END) <> 0
    ON CONFLICT (location_id, organization_id) DO UPDATE SET assets = r.assets + excluded.assets,
      own_assets = r.own_assets + excluded.own_assets, open_tasks = r.open_tasks + excluded.open_tasks
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO location_due_rollups AS r (location_id, organization_id, due_on, open)
    SELECT x.id, c.organization_id, e.due_on, sum(c.sign)
    FROM (%s) c JOIN maintenance_events e ON e.organization_id = c.organization_id AND e.asset_id = c.id
      AND e.task_status <> 'Completed' AND e.due_on IS NOT NULL
    JOIN locations l ON l.id = c.location_id AND l.organization_id = c.organization_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id, due_on, organization_id) DO UPDATE SET open = r.open + excluded.open
  $sql$, changed);
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_rollup_task_changes()
 RETURNS trigger LANGUAGE plpgsql AS $function$
DECLARE
  changed text;
  located boolean;
BEGIN
  -- Open tasks (pending or started) counted at their asset's location and every location above it
  -- (ADR 122), per due date for the planned ones: -1 for a row that stops being open (or goes), +1
  -- for one that becomes open (or comes).
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, organization_id, asset_id, due_on FROM new_rows WHERE task_status <> ''Completed'''
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, organization_id, asset_id, due_on FROM old_rows WHERE task_status <> ''Completed'''
    ELSE 'SELECT 1 AS sign, organization_id, asset_id, due_on FROM new_rows WHERE task_status <> ''Completed''
      UNION ALL SELECT -1, organization_id, asset_id, due_on FROM old_rows WHERE task_status <> ''Completed'''
  END;
  -- Only tasks of assets that have a location; their locations are locked before their paths are read.
  changed := format('SELECT c.sign, c.organization_id, c.due_on, a.location_id FROM (%s) c
    JOIN assets a ON a.id = c.asset_id AND a.organization_id = c.organization_id WHERE a.location_id IS NOT NULL', changed);
  EXECUTE format('SELECT EXISTS (%s)', changed) INTO located;
  IF NOT located THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT 1 FROM locations l WHERE l.id IN (SELECT c.location_id FROM (%s) c) FOR SHARE OF l', changed);
  EXECUTE format($sql$
    INSERT INTO location_rollups AS r (location_id, organization_id, open_tasks)
    SELECT x.id, c.organization_id, sum(c.sign)
    FROM (%s) c JOIN locations l ON l.id = c.location_id AND l.organization_id = c.organization_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id, organization_id) DO UPDATE SET open_tasks = r.open_tasks + excluded.open_tasks
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO location_due_rollups AS r (location_id, organization_id, due_on, open)
    SELECT x.id, c.organization_id, c.due_on, sum(c.sign)
    FROM (%s) c JOIN locations l ON l.id = c.location_id AND l.organization_id = c.organization_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    WHERE c.due_on IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id, due_on, organization_id) DO UPDATE SET open = r.open + excluded.open
  $sql$, changed);
  RETURN NULL;
END $function$;
