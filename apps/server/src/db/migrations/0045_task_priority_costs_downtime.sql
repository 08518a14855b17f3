CREATE TABLE "task_cost_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" varchar(200) NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"incurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_cost_lines_amounts_check" CHECK ("task_cost_lines"."quantity" >= 0 and "task_cost_lines"."unit_cost_minor" >= 0 and "task_cost_lines"."total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task_time_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"incurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_time_entries_minutes_check" CHECK ("task_time_entries"."minutes" >= 0)
);
--> statement-breakpoint
DROP INDEX "maintenance_events_open_tasks_idx";--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "down_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "down_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" varchar(3) DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_cost_lines" ADD CONSTRAINT "task_cost_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_cost_lines" ADD CONSTRAINT "task_cost_lines_event_id_maintenance_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."maintenance_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_event_id_maintenance_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."maintenance_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_cost_lines_org_event_idx" ON "task_cost_lines" USING btree ("organization_id","event_id","position");--> statement-breakpoint
CREATE INDEX "task_cost_lines_org_incurred_idx" ON "task_cost_lines" USING btree ("organization_id","incurred_at","asset_id","total_minor");--> statement-breakpoint
CREATE INDEX "task_cost_lines_event_idx" ON "task_cost_lines" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_time_entries_event_user_unique" ON "task_time_entries" USING btree ("organization_id","event_id","user_id");--> statement-breakpoint
CREATE INDEX "task_time_entries_org_incurred_idx" ON "task_time_entries" USING btree ("organization_id","incurred_at","asset_id","minutes");--> statement-breakpoint
CREATE INDEX "task_time_entries_event_idx" ON "task_time_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "maintenance_events_open_assigned_priority_idx" ON "maintenance_events" USING btree ("organization_id","assignee_id","priority" DESC NULLS LAST,"due_on","performed_at","id") WHERE "maintenance_events"."task_status" <> 'Completed' and "maintenance_events"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_downtime_idx" ON "maintenance_events" USING btree ("organization_id","down_from","asset_id","down_to") WHERE "maintenance_events"."down_from" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_open_tasks_idx" ON "maintenance_events" USING btree ("organization_id","priority" DESC NULLS LAST,"due_on","performed_at","id") WHERE "maintenance_events"."task_status" <> 'Completed';--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_priority_check" CHECK ("maintenance_events"."priority" between 0 and 3);--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_downtime_check" CHECK ("maintenance_events"."down_to" is null or ("maintenance_events"."down_from" is not null and "maintenance_events"."down_to" >= "maintenance_events"."down_from"));--> statement-breakpoint
ALTER TABLE "task_cost_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_cost_lines" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "task_time_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_time_entries" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');