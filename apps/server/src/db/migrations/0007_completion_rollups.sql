CREATE TABLE "completion_rollups" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed_by_key" uuid NOT NULL,
	"completions" integer NOT NULL,
	"turnaround_hours" double precision NOT NULL,
	"lead_hours" double precision NOT NULL,
	"lead_count" integer NOT NULL,
	CONSTRAINT "completion_rollups_organization_id_day_completed_by_key_pk" PRIMARY KEY("organization_id","day","completed_by_key")
);
--> statement-breakpoint
ALTER TABLE "completion_rollups" ADD CONSTRAINT "completion_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION completion_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- Statement-level: one upsert per statement, whatever the number of rows (bulk loads stay fast).
  -- Each completed row adds (+1) or removes (-1) its completion; an edit that changes nothing the
  -- roll-ups read removes and adds the same amounts. A trigger sees only its own transition tables.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO completion_rollups AS c
      (organization_id, day, completed_by_key, completions, turnaround_hours, lead_hours, lead_count)
    SELECT organization_id,
      (task_completed_at AT TIME ZONE 'UTC')::date,
      coalesce(task_completed_by_id, '00000000-0000-0000-0000-000000000000'::uuid),
      sum(sign),
      sum(sign * date_part('epoch', task_completed_at - created_at) / 3600),
      coalesce(sum(sign * date_part('epoch', task_completed_at - task_started_at) / 3600), 0),
      sum(CASE WHEN task_started_at IS NULL THEN 0 ELSE sign END)
    FROM (%s) AS changed
    WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, day, completed_by_key) DO UPDATE SET
      completions = c.completions + excluded.completions,
      turnaround_hours = c.turnaround_hours + excluded.turnaround_hours,
      lead_hours = c.lead_hours + excluded.lead_hours,
      lead_count = c.lead_count + excluded.lead_count
  $sql$, changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER completion_rollups_after_insert AFTER INSERT ON maintenance_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_rollup_changes();
--> statement-breakpoint
CREATE TRIGGER completion_rollups_after_update AFTER UPDATE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_rollup_changes();
--> statement-breakpoint
CREATE TRIGGER completion_rollups_after_delete AFTER DELETE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION completion_rollup_changes();
--> statement-breakpoint
INSERT INTO completion_rollups (organization_id, day, completed_by_key, completions, turnaround_hours, lead_hours, lead_count)
SELECT organization_id,
  (task_completed_at AT TIME ZONE 'UTC')::date,
  coalesce(task_completed_by_id, '00000000-0000-0000-0000-000000000000'::uuid),
  count(*),
  sum(date_part('epoch', task_completed_at - created_at) / 3600),
  coalesce(sum(date_part('epoch', task_completed_at - task_started_at) / 3600), 0),
  count(task_started_at)
FROM maintenance_events
WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
GROUP BY 1, 2, 3;
