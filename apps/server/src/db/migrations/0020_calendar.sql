CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "maintenance_events_org_assignee_due_idx" ON "maintenance_events" USING btree ("organization_id",coalesce("assignee_id", '00000000-0000-0000-0000-000000000000'::uuid),"due_on","asset_id","id") WHERE "maintenance_events"."due_on" is not null;--> statement-breakpoint
CREATE INDEX "schedules_org_next_due_idx" ON "schedules" USING btree ("organization_id","next_due_on","rrule","mode","asset_id","id") WHERE "schedules"."paused_at" is null and "schedules"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "schedules_org_assignee_next_due_idx" ON "schedules" USING btree ("organization_id",coalesce("assignee_id", '00000000-0000-0000-0000-000000000000'::uuid),"next_due_on","rrule","mode","asset_id","id") WHERE "schedules"."paused_at" is null and "schedules"."next_due_on" is not null;