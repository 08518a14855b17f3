CREATE TABLE "asset_event_counts" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completion_hour_rollups" (
	"organization_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"completed_by_key" uuid NOT NULL,
	"completions" integer NOT NULL,
	"turnaround_hours" double precision NOT NULL,
	"lead_hours" double precision NOT NULL,
	"lead_count" integer NOT NULL,
	CONSTRAINT "completion_hour_rollups_organization_id_hour_completed_by_key_pk" PRIMARY KEY("organization_id","hour","completed_by_key")
);
--> statement-breakpoint
ALTER TABLE "asset_event_counts" ADD CONSTRAINT "asset_event_counts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_event_counts" ADD CONSTRAINT "asset_event_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_hour_rollups" ADD CONSTRAINT "completion_hour_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "asset_event_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "asset_event_counts" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_event_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level: one upsert per asset and statement, however many rows (a history import adds
  -- thousands in one write), in asset order so two writers lock the same rows in the same order.
  -- Events never move between assets (no update changes asset_id), so inserts and deletes are all.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO asset_event_counts AS c (asset_id, organization_id, events)
    SELECT asset_id, organization_id, count(*) FROM new_rows GROUP BY asset_id, organization_id ORDER BY asset_id
    ON CONFLICT (asset_id) DO UPDATE SET events = c.events + excluded.events;
  ELSE
    UPDATE asset_event_counts AS c SET events = c.events - gone.events
    FROM (SELECT asset_id, count(*) AS events FROM old_rows GROUP BY asset_id) AS gone
    WHERE c.asset_id = gone.asset_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_event_counts_after_insert AFTER INSERT ON maintenance_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_event_count_changes();
--> statement-breakpoint
CREATE TRIGGER asset_event_counts_after_delete AFTER DELETE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_event_count_changes();
--> statement-breakpoint
INSERT INTO asset_event_counts (asset_id, organization_id, events)
SELECT asset_id, organization_id, count(*) FROM maintenance_events GROUP BY asset_id, organization_id;
--> statement-breakpoint
ALTER TABLE "completion_hour_rollups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "completion_hour_rollups" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
CREATE OR REPLACE FUNCTION completion_hour_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- completion_rollups' sums by UTC hour instead of day (ADR 107), kept the same way: statement-level,
  -- each row adds (+1) or removes (-1) what it counts, so edits, reopening and deletion stay exact.
  -- A trigger of its own, so the day roll-ups' function is left as it is.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO completion_hour_rollups AS c
      (organization_id, hour, completed_by_key, completions, turnaround_hours, lead_hours, lead_count)
    SELECT organization_id,
      date_bin('1 hour', task_completed_at, timestamptz '2000-01-01 00:00:00+00'),
      coalesce(task_completed_by_id, '00000000-0000-0000-0000-000000000000'::uuid),
      sum(sign),
      sum(sign * date_part('epoch', task_completed_at - created_at) / 3600),
      coalesce(sum(sign * date_part('epoch', task_completed_at - task_started_at) / 3600), 0),
      sum(CASE WHEN task_started_at IS NULL THEN 0 ELSE sign END)
    FROM (%s) AS changed
    WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, hour, completed_by_key) DO UPDATE SET
      completions = c.completions + excluded.completions,
      turnaround_hours = c.turnaround_hours + excluded.turnaround_hours,
      lead_hours = c.lead_hours + excluded.lead_hours,
      lead_count = c.lead_count + excluded.lead_count
  $sql$, changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER completion_hour_rollups_after_insert AFTER INSERT ON maintenance_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_hour_rollup_changes();
--> statement-breakpoint
CREATE TRIGGER completion_hour_rollups_after_update AFTER UPDATE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_hour_rollup_changes();
--> statement-breakpoint
CREATE TRIGGER completion_hour_rollups_after_delete AFTER DELETE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_hour_rollup_changes();
--> statement-breakpoint
INSERT INTO completion_hour_rollups (organization_id, hour, completed_by_key, completions, turnaround_hours, lead_hours, lead_count)
SELECT organization_id,
  date_bin('1 hour', task_completed_at, timestamptz '2000-01-01 00:00:00+00'),
  coalesce(task_completed_by_id, '00000000-0000-0000-0000-000000000000'::uuid),
  count(*),
  coalesce(sum(date_part('epoch', task_completed_at - created_at) / 3600), 0),
  coalesce(sum(date_part('epoch', task_completed_at - task_started_at) / 3600), 0),
  count(task_started_at)
FROM maintenance_events
WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
GROUP BY 1, 2, 3;
