CREATE TABLE "blocked_senders" (
	"organization_id" uuid NOT NULL,
	"sender_hash" varchar(64) NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_senders_organization_id_sender_hash_pk" PRIMARY KEY("organization_id","sender_hash")
);
--> statement-breakpoint
CREATE TABLE "request_me_toos" (
	"request_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"sender_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_me_toos_request_id_sender_hash_pk" PRIMARY KEY("request_id","sender_hash")
);
--> statement-breakpoint
CREATE TABLE "request_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"object_key" text NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"urgency" varchar(16) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"description" varchar(2000) NOT NULL,
	"reporter_name" varchar(100),
	"reporter_email" varchar(254),
	"reporter_language" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"status_link_sealed" text,
	"sender_hash" varchar(64) NOT NULL,
	"state" varchar(16) DEFAULT 'new' NOT NULL,
	"me_too_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triaged_at" timestamp with time zone,
	"triaged_by_id" uuid,
	"done_at" timestamp with time zone,
	"task_id" uuid,
	"closed_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "used_report_challenges" (
	"signature_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "reporting_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "language" varchar(8);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reporting_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "show_open_reports" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "request_triage_role" varchar(8) DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_senders" ADD CONSTRAINT "blocked_senders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_me_toos" ADD CONSTRAINT "request_me_toos_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_me_toos" ADD CONSTRAINT "request_me_toos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_triaged_by_id_users_id_fk" FOREIGN KEY ("triaged_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_task_id_maintenance_events_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."maintenance_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_photos_request_idx" ON "request_photos" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_photos_object_key_unique" ON "request_photos" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "request_photos_file_idx" ON "request_photos" USING btree ("file_id") WHERE "request_photos"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "requests_org_state_list_idx" ON "requests" USING btree ("organization_id","state","priority" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_org_state_urgency_idx" ON "requests" USING btree ("organization_id","state","urgency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_org_urgency_idx" ON "requests" USING btree ("organization_id","urgency","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_org_list_idx" ON "requests" USING btree ("organization_id","priority" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_org_open_list_idx" ON "requests" USING btree ("organization_id","priority" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "requests"."state" in ('new', 'accepted');--> statement-breakpoint
CREATE INDEX "requests_org_asset_open_idx" ON "requests" USING btree ("organization_id","asset_id","created_at" DESC NULLS LAST) WHERE "requests"."state" in ('new', 'accepted');--> statement-breakpoint
CREATE INDEX "requests_asset_created_idx" ON "requests" USING btree ("asset_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "requests_token_hash_unique" ON "requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "requests_task_idx" ON "requests" USING btree ("task_id") WHERE "requests"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "requests_org_created_idx" ON "requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_org_triaged_idx" ON "requests" USING btree ("organization_id","triaged_at","created_at") WHERE "requests"."triaged_at" is not null;--> statement-breakpoint
CREATE INDEX "used_report_challenges_expires_idx" ON "used_report_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "requests" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "request_photos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "request_photos" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "request_me_toos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "request_me_toos" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
ALTER TABLE "blocked_senders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "blocked_senders" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
-- assets_in_scope takes the new column (added at the end, as CREATE OR REPLACE VIEW needs), as in 0040.
CREATE OR REPLACE VIEW "assets_in_scope" AS SELECT * FROM "assets"
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    OR current_setting('app.scope', true) = 'system' OR NOT row_security_active('assets');
