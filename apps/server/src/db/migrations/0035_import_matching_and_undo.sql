CREATE TABLE "import_changes" (
	"import_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"created" boolean NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"before" jsonb,
	CONSTRAINT "import_changes_import_id_asset_id_pk" PRIMARY KEY("import_id","asset_id")
);
--> statement-breakpoint
DROP INDEX "import_problems_import_row_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "external_id" varchar(255);--> statement-breakpoint
ALTER TABLE "import_problems" ADD COLUMN "is_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "match_by" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "planned" jsonb;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "unchanged_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_org_external_id_unique" ON "assets" USING btree ("organization_id",lower("external_id")) WHERE "assets"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "assets_import_idx" ON "assets" USING btree ("import_id") WHERE "assets"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "import_problems_import_row_idx" ON "import_problems" USING btree ("import_id","is_warning","row_number","id");--> statement-breakpoint
-- Row-level security (ADR 066) like every table with an organization.
ALTER TABLE "import_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "import_changes" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
-- The asset list's search view (ADR 066) takes the new column (a view's * is expanded when it is
-- made): the search finds an asset by its whole external ID (ADR 092).
CREATE OR REPLACE VIEW "assets_in_scope" AS SELECT * FROM "assets"
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    OR current_setting('app.scope', true) = 'system' OR NOT row_security_active('assets');
