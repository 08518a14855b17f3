CREATE TABLE "due_task_tallies" (
	"organization_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"open" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	CONSTRAINT "due_task_tallies_organization_id_due_on_pk" PRIMARY KEY("organization_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "schedule_field_values" (
	"organization_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "schedule_field_values_schedule_id_field_id_pk" PRIMARY KEY("schedule_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"title" varchar(200) NOT NULL,
	"notes" varchar(4000),
	"recurrence" jsonb NOT NULL,
	"rrule" text NOT NULL,
	"mode" text NOT NULL,
	"lead_days" integer DEFAULT 0 NOT NULL,
	"assignee_id" uuid,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"paused_at" timestamp with time zone,
	"next_due_on" date,
	"creates_on" date GENERATED ALWAYS AS (next_due_on - lead_days) STORED,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "maintenance_events_open_tasks_idx";--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "due_task_tallies" ADD CONSTRAINT "due_task_tallies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_field_values" ADD CONSTRAINT "schedule_field_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_field_values" ADD CONSTRAINT "schedule_field_values_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_field_values" ADD CONSTRAINT "schedule_field_values_field_id_field_definitions_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."field_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_field_values_org_field_idx" ON "schedule_field_values" USING btree ("organization_id","field_id");--> statement-breakpoint
CREATE INDEX "schedules_org_created_idx" ON "schedules" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedules_org_asset_created_idx" ON "schedules" USING btree ("organization_id","asset_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("creates_on","organization_id") WHERE "schedules"."paused_at" is null and "schedules"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "schedules_org_due_idx" ON "schedules" USING btree ("organization_id","creates_on","id") WHERE "schedules"."paused_at" is null and "schedules"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "schedules_org_asset_next_idx" ON "schedules" USING btree ("organization_id","asset_id","next_due_on") WHERE "schedules"."paused_at" is null and "schedules"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "schedules_asset_idx" ON "schedules" USING btree ("asset_id");--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_events_open_assigned_idx" ON "maintenance_events" USING btree ("organization_id","assignee_id","due_on","performed_at","id") WHERE "maintenance_events"."task_status" <> 'Completed' and "maintenance_events"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_open_due_by_asset_idx" ON "maintenance_events" USING btree ("organization_id","asset_id","due_on") WHERE "maintenance_events"."task_status" <> 'Completed' and "maintenance_events"."due_on" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_org_due_idx" ON "maintenance_events" USING btree ("organization_id","due_on","asset_id","task_completed_at") WHERE "maintenance_events"."due_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_events_schedule_due_unique" ON "maintenance_events" USING btree ("schedule_id","due_on") WHERE "maintenance_events"."schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_open_tasks_idx" ON "maintenance_events" USING btree ("organization_id","due_on","performed_at","id") WHERE "maintenance_events"."task_status" <> 'Completed';--> statement-breakpoint
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
  -- Planned tasks per due date (migration 0017, ADR 053): open, completed on time (on or before the
  -- due date in the organization's time zone) or late.
  EXECUTE format($sql$
    INSERT INTO due_task_tallies AS d (organization_id, due_on, open, on_time, late)
    SELECT changed.organization_id, changed.due_on,
      sum(CASE WHEN task_status <> 'Completed' THEN sign ELSE 0 END),
      sum(CASE WHEN task_status = 'Completed' AND on_time THEN sign ELSE 0 END),
      sum(CASE WHEN task_status = 'Completed' AND NOT on_time THEN sign ELSE 0 END)
    FROM (
      SELECT c.sign, c.organization_id, c.due_on, c.task_status,
        coalesce((c.task_completed_at AT TIME ZONE o.time_zone)::date <= c.due_on, false) AS on_time
      FROM (%s) AS c JOIN organizations o ON o.id = c.organization_id
      WHERE c.due_on IS NOT NULL
    ) AS changed
    GROUP BY 1, 2
    HAVING sum(CASE WHEN task_status <> 'Completed' THEN sign ELSE 0 END) <> 0
      OR sum(CASE WHEN task_status = 'Completed' AND on_time THEN sign ELSE 0 END) <> 0
      OR sum(CASE WHEN task_status = 'Completed' AND NOT on_time THEN sign ELSE 0 END) <> 0
    ON CONFLICT (organization_id, due_on) DO UPDATE SET
      open = d.open + excluded.open, on_time = d.on_time + excluded.on_time, late = d.late + excluded.late
  $sql$, changed);
  RETURN NULL;
END;
$$;
