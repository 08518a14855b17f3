CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "assets_name_trgm_idx";--> statement-breakpoint
DROP INDEX "assets_slug_trgm_idx";--> statement-breakpoint
CREATE INDEX "assets_org_name_trgm_idx" ON "assets" USING gin ("organization_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_org_slug_trgm_idx" ON "assets" USING gin ("organization_id","slug" gin_trgm_ops);