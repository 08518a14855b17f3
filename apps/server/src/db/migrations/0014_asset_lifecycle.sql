DROP INDEX "assets_org_created_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "kind" text DEFAULT 'assets' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_org_retired_idx" ON "assets" USING btree ("organization_id","retired_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "assets"."retired_at" is not null;--> statement-breakpoint
CREATE INDEX "assets_org_import_idx" ON "assets" USING btree ("organization_id","import_id","created_at","id") WHERE "assets"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "assets_org_created_idx" ON "assets" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "assets"."retired_at" is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION organization_asset_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- Counts the assets in service (not retired), the list's default view. Statement-level: one upsert
  -- per organization and statement, however many rows (an import adds thousands in one write). An
  -- update adds its new in-service rows and takes away its old ones: an edit that neither retires nor
  -- restores nets zero and writes nothing. Assets never move between organizations.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, organization_id, retired_at FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, organization_id, retired_at FROM old_rows'
    ELSE 'SELECT 1 AS sign, organization_id, retired_at FROM new_rows
          UNION ALL SELECT -1 AS sign, organization_id, retired_at FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO organization_asset_counts AS c (organization_id, assets)
    SELECT organization_id, sum(sign) FROM (%s) AS changed
    WHERE retired_at IS NULL
    GROUP BY organization_id
    HAVING sum(sign) <> 0
    ON CONFLICT (organization_id) DO UPDATE SET assets = c.assets + excluded.assets
  $sql$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organization_asset_counts_after_update AFTER UPDATE ON assets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_asset_count_changes();
