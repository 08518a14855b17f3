CREATE TABLE "asset_event_counts" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_event_counts" ADD CONSTRAINT "asset_event_counts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_event_counts" ADD CONSTRAINT "asset_event_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_event_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "asset_event_counts" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_event_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level: one upsert per asset and statement, however many rows (a history import adds
  -- thousands in one write), in asset order so two writers lock the same rows in the same order.
  -- Events never move between assets (no update changes asset_id), so inserts and deletes are all.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO asset_event_counts AS c (asset_id, organization_id, events)
    SELECT asset_id, organization_id, count(*) FROM new_rows GROUP BY asset_id, organization_id ORDER BY asset_id
    ON CONFLICT (asset_id) DO UPDATE SET events = c.events + excluded.events;
  ELSE
    UPDATE asset_event_counts AS c SET events = c.events - gone.events
    FROM (SELECT asset_id, count(*) AS events FROM old_rows GROUP BY asset_id) AS gone
    WHERE c.asset_id = gone.asset_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_event_counts_after_insert AFTER INSERT ON maintenance_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_event_count_changes();
--> statement-breakpoint
CREATE TRIGGER asset_event_counts_after_delete AFTER DELETE ON maintenance_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_event_count_changes();
--> statement-breakpoint
INSERT INTO asset_event_counts (asset_id, organization_id, events)
SELECT asset_id, organization_id, count(*) FROM maintenance_events GROUP BY asset_id, organization_id;
