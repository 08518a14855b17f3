ALTER TABLE "locations" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_org_lower_full_path_idx" ON "locations" USING btree ("organization_id",lower("full_path"));--> statement-breakpoint
CREATE INDEX "locations_import_idx" ON "locations" USING btree ("import_id") WHERE "locations"."import_id" is not null;