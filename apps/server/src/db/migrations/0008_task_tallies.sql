CREATE TABLE "active_job_tallies" (
	"organization_id" uuid NOT NULL,
	"started_by_key" uuid NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "active_job_tallies_organization_id_started_by_key_pk" PRIMARY KEY("organization_id","started_by_key")
);
--> statement-breakpoint
CREATE TABLE "completion_quarter_hours" (
	"organization_id" uuid NOT NULL,
	"quarter_hour" timestamp with time zone NOT NULL,
	"completions" integer NOT NULL,
	CONSTRAINT "completion_quarter_hours_organization_id_quarter_hour_pk" PRIMARY KEY("organization_id","quarter_hour")
);
--> statement-breakpoint
ALTER TABLE "active_job_tallies" ADD CONSTRAINT "active_job_tallies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion_quarter_hours" ADD CONSTRAINT "completion_quarter_hours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION completion_rollup_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- Statement-level: one upsert per tally and statement, whatever the number of rows (bulk loads
  -- stay fast). Each row adds (+1) or removes (-1) what it counts; an edit that changes nothing a
  -- tally reads removes and adds the same amounts. A trigger sees only its own transition tables.
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
  EXECUTE format($sql$
    INSERT INTO completion_quarter_hours AS q (organization_id, quarter_hour, completions)
    SELECT organization_id, date_bin('15 minutes', task_completed_at, timestamptz '2000-01-01 00:00:00+00'), sum(sign)
    FROM (%s) AS changed
    WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(sign) <> 0
    ON CONFLICT (organization_id, quarter_hour) DO UPDATE SET completions = q.completions + excluded.completions
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO active_job_tallies AS a (organization_id, started_by_key, jobs)
    SELECT organization_id, coalesce(task_started_by_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(sign)
    FROM (%s) AS changed
    WHERE task_status = 'InProgress'
    GROUP BY 1, 2
    HAVING sum(sign) <> 0
    ON CONFLICT (organization_id, started_by_key) DO UPDATE SET jobs = a.jobs + excluded.jobs
  $sql$, changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO completion_quarter_hours (organization_id, quarter_hour, completions)
SELECT organization_id, date_bin('15 minutes', task_completed_at, timestamptz '2000-01-01 00:00:00+00'), count(*)
FROM maintenance_events
WHERE task_status = 'Completed' AND task_completed_at IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO active_job_tallies (organization_id, started_by_key, jobs)
SELECT organization_id, coalesce(task_started_by_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
FROM maintenance_events
WHERE task_status = 'InProgress'
GROUP BY 1, 2;
