CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"usage" double precision NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"note" varchar(500),
	"is_replacement" boolean DEFAULT false NOT NULL,
	"event_id" uuid,
	"recorded_by_id" uuid,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_readings_value_check" CHECK ("meter_readings"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"unit" varchar(20) NOT NULL,
	"last_value" double precision,
	"last_usage" double precision,
	"last_read_at" timestamp with time zone,
	"daily_rate" double precision,
	"rate_from_at" timestamp with time zone,
	"rate_from_usage" double precision,
	"reading_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "recurrence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "rrule" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "meter_id" uuid;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "usage_every" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "usage_combine" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "last_done_usage" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "next_due_usage" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "backstop_due_on" date;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_event_id_maintenance_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."maintenance_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_readings_meter_read_idx" ON "meter_readings" USING btree ("meter_id","read_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meter_readings_event_idx" ON "meter_readings" USING btree ("event_id") WHERE "meter_readings"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "meter_readings_import_idx" ON "meter_readings" USING btree ("import_id") WHERE "meter_readings"."import_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "meters_org_asset_name_unique" ON "meters" USING btree ("organization_id","asset_id",lower("name"));--> statement-breakpoint
CREATE INDEX "meters_asset_idx" ON "meters" USING btree ("asset_id");--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_org_meter_due_idx" ON "schedules" USING btree ("organization_id","meter_id","next_due_usage") WHERE "schedules"."paused_at" is null and "schedules"."next_due_usage" is not null;--> statement-breakpoint
CREATE INDEX "schedules_meter_idx" ON "schedules" USING btree ("meter_id") WHERE "schedules"."meter_id" is not null;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_trigger_check" CHECK ("schedules"."rrule" is not null or "schedules"."meter_id" is not null);--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_recurrence_check" CHECK (("schedules"."recurrence" is null) = ("schedules"."rrule" is null));--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_usage_check" CHECK (("schedules"."meter_id" is null) = ("schedules"."usage_every" is null) and ("schedules"."meter_id" is null) = ("schedules"."last_done_usage" is null));--> statement-breakpoint
ALTER TABLE "meters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "meters" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "meter_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "meter_readings" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');