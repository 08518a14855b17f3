CREATE TABLE "sample_records" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sample_records_organization_id_kind_entity_id_pk" PRIMARY KEY("organization_id","kind","entity_id")
);
--> statement-breakpoint
ALTER TABLE "sample_records" ADD CONSTRAINT "sample_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Row-level security, as on every tenant table (ADR 066).
ALTER TABLE "sample_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sample_records" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');
