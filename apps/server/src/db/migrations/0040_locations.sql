CREATE TABLE "asset_moves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"from_location_id" uuid,
	"from_path" text,
	"to_location_id" uuid,
	"to_path" text,
	"moved_by_id" uuid,
	"moved_by_name" varchar(320),
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_due_rollups" (
	"location_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "location_due_rollups_location_id_due_on_pk" PRIMARY KEY("location_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "location_rollups" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"assets" integer DEFAULT 0 NOT NULL,
	"own_assets" integer DEFAULT 0 NOT NULL,
	"open_tasks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" varchar(200) NOT NULL,
	"code" varchar(50),
	"address" varchar(500),
	"notes" varchar(2000),
	"slug" varchar(255) NOT NULL,
	"path" text NOT NULL,
	"depth" integer NOT NULL,
	"full_path" text NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "parent_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "public_location_pages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "public_asset_location" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_moves" ADD CONSTRAINT "asset_moves_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_moves" ADD CONSTRAINT "asset_moves_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_moves" ADD CONSTRAINT "asset_moves_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_moves" ADD CONSTRAINT "asset_moves_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_moves" ADD CONSTRAINT "asset_moves_moved_by_id_users_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_due_rollups" ADD CONSTRAINT "location_due_rollups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_due_rollups" ADD CONSTRAINT "location_due_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rollups" ADD CONSTRAINT "location_rollups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rollups" ADD CONSTRAINT "location_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_moves_asset_moved_idx" ON "asset_moves" USING btree ("asset_id","moved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asset_moves_from_location_idx" ON "asset_moves" USING btree ("from_location_id") WHERE "asset_moves"."from_location_id" is not null;--> statement-breakpoint
CREATE INDEX "asset_moves_to_location_idx" ON "asset_moves" USING btree ("to_location_id") WHERE "asset_moves"."to_location_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_slug_unique" ON "locations" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_parent_name_unique" ON "locations" USING btree ("organization_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "locations_org_path_idx" ON "locations" USING btree ("organization_id","path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "locations_org_depth_path_idx" ON "locations" USING btree ("organization_id","depth","full_path");--> statement-breakpoint
CREATE INDEX "locations_org_full_path_trgm_idx" ON "locations" USING gin ("organization_id","full_path" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id") WHERE "locations"."parent_id" is not null;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_parent_asset_id_assets_id_fk" FOREIGN KEY ("parent_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_org_location_created_idx" ON "assets" USING btree ("organization_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "assets"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "assets_location_idx" ON "assets" USING btree ("location_id") WHERE "assets"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "assets_parent_name_idx" ON "assets" USING btree ("parent_asset_id",lower("name"),"id") WHERE "assets"."parent_asset_id" is not null;--> statement-breakpoint
ALTER TABLE "locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "locations" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "location_rollups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "location_rollups" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "location_due_rollups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "location_due_rollups" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "asset_moves" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "asset_moves" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
-- The views of migration 0024 were made with the columns of their day: assets_in_scope takes the new
-- ones (added at the end, as CREATE OR REPLACE VIEW needs). locations_in_scope is what the type-ahead's
-- ILIKE reads (ADR 066: a policy would keep it off the trigram index).
CREATE OR REPLACE VIEW "assets_in_scope" AS SELECT * FROM "assets"
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    OR current_setting('app.scope', true) = 'system' OR NOT row_security_active('assets');--> statement-breakpoint
CREATE VIEW "locations_in_scope" AS SELECT * FROM "locations"
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    OR current_setting('app.scope', true) = 'system' OR NOT row_security_active('locations');--> statement-breakpoint
-- The ids along a materialized path ('/<site>/<building>/<room>/'), from the top to the location itself.
CREATE FUNCTION location_path_ids(path text) RETURNS uuid[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_to_array(trim(both '/' from path), '/')::uuid[] $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_rollup_asset_changes() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM deltas d JOIN locations l ON l.id = d.location_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2
    -- An asset moved below its old location leaves that location's rolled-up count as it was, and
    -- changes its own count only.
    HAVING sum(d.assets) <> 0 OR sum(d.open_tasks) <> 0
      OR sum(CASE WHEN x.id = d.location_id THEN d.assets ELSE 0 END) <> 0
    ON CONFLICT (location_id) DO UPDATE SET assets = r.assets + excluded.assets,
      own_assets = r.own_assets + excluded.own_assets, open_tasks = r.open_tasks + excluded.open_tasks
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO location_due_rollups AS r (location_id, organization_id, due_on, open)
    SELECT x.id, c.organization_id, e.due_on, sum(c.sign)
    FROM (%s) c JOIN maintenance_events e ON e.organization_id = c.organization_id AND e.asset_id = c.id
      AND e.task_status <> 'Completed' AND e.due_on IS NOT NULL
    JOIN locations l ON l.id = c.location_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id, due_on) DO UPDATE SET open = r.open + excluded.open
  $sql$, changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER location_rollups_after_asset_insert AFTER INSERT ON assets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_asset_changes();--> statement-breakpoint
CREATE TRIGGER location_rollups_after_asset_update AFTER UPDATE ON assets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_asset_changes();--> statement-breakpoint
CREATE TRIGGER location_rollups_after_asset_delete AFTER DELETE ON assets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_asset_changes();--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_rollup_task_changes() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM (%s) c JOIN locations l ON l.id = c.location_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id) DO UPDATE SET open_tasks = r.open_tasks + excluded.open_tasks
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO location_due_rollups AS r (location_id, organization_id, due_on, open)
    SELECT x.id, c.organization_id, c.due_on, sum(c.sign)
    FROM (%s) c JOIN locations l ON l.id = c.location_id CROSS JOIN LATERAL unnest(location_path_ids(l.path)) AS x(id)
    WHERE c.due_on IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
    ON CONFLICT (location_id, due_on) DO UPDATE SET open = r.open + excluded.open
  $sql$, changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER location_rollups_after_task_insert AFTER INSERT ON maintenance_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_task_changes();--> statement-breakpoint
CREATE TRIGGER location_rollups_after_task_update AFTER UPDATE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_task_changes();--> statement-breakpoint
CREATE TRIGGER location_rollups_after_task_delete AFTER DELETE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION location_rollup_task_changes();
