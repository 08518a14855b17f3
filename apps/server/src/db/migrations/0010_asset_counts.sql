CREATE TABLE "organization_asset_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"assets" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_asset_counts" ADD CONSTRAINT "organization_asset_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION organization_asset_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level: one upsert per organization and statement, however many rows (an import of
  -- thousands of assets adds them in one write). Assets never move between organizations.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_asset_counts AS c (organization_id, assets)
    SELECT organization_id, count(*) FROM new_rows GROUP BY organization_id
    ON CONFLICT (organization_id) DO UPDATE SET assets = c.assets + excluded.assets;
  ELSE
    UPDATE organization_asset_counts AS c SET assets = c.assets - gone.assets
    FROM (SELECT organization_id, count(*) AS assets FROM old_rows GROUP BY organization_id) AS gone
    WHERE c.organization_id = gone.organization_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organization_asset_counts_after_insert AFTER INSERT ON assets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_asset_count_changes();
--> statement-breakpoint
CREATE TRIGGER organization_asset_counts_after_delete AFTER DELETE ON assets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_asset_count_changes();
--> statement-breakpoint
INSERT INTO organization_asset_counts (organization_id, assets)
SELECT organization_id, count(*) FROM assets GROUP BY organization_id;
