DROP INDEX "asset_field_values_org_field_idx";--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD COLUMN "text_key" text GENERATED ALWAYS AS (lower(left(value, 200))) STORED;--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD COLUMN "number_value" numeric GENERATED ALWAYS AS (case when length(value) <= 100 and value ~ '^-?[0-9]+([.][0-9]+)?$' then value::numeric end) STORED;--> statement-breakpoint
CREATE INDEX "asset_field_values_org_field_value_idx" ON "asset_field_values" USING btree ("organization_id","field_id","text_key","asset_id");--> statement-breakpoint
CREATE INDEX "asset_field_values_org_field_number_idx" ON "asset_field_values" USING btree ("organization_id","field_id","number_value","asset_id") WHERE "asset_field_values"."number_value" is not null;--> statement-breakpoint
CREATE INDEX "asset_field_values_org_field_trgm_idx" ON "asset_field_values" USING gin ("organization_id","field_id","value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_org_retired_id_idx" ON "assets" USING btree ("organization_id","id") WHERE "assets"."retired_at" is not null;--> statement-breakpoint
CREATE INDEX "assets_org_name_idx" ON "assets" USING btree ("organization_id",lower("name"),"id") WHERE "assets"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "assets_org_updated_idx" ON "assets" USING btree ("organization_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "assets"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_events_org_asset_open_idx" ON "maintenance_events" USING btree ("organization_id","asset_id") WHERE "maintenance_events"."task_status" <> 'Completed';--> statement-breakpoint
-- How often each value of each field occurs (ADR 047). Planned from the whole column's statistics,
-- a filter on "Critical = true" looks as rare as 'true' is among all values of all fields, and the
-- planner drives the list from it; with the field and the value counted together it walks the list's
-- order and checks each asset instead when that is cheaper.
CREATE STATISTICS "asset_field_values_field_value_stats" (mcv, dependencies)
  ON "organization_id", "field_id", "text_key" FROM "asset_field_values";
